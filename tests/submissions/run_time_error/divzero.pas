{ Divides by zero: Free Pascal's run-time error 200. }
program divzero;
var a, b: longint;
begin
  a := 2906; b := 0;
  writeln(a div b)
end.
