program broken;
begin
  writeln(missing)
end.
