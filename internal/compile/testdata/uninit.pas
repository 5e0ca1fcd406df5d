program uninit;
var y: longint;
begin
  writeln(y + 1)
end.
