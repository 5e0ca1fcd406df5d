program hello;
begin
  writeln(2906)
end.
