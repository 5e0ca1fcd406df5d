{ Computes forever: over the CPU time limit. }
program spin;
var n: qword;
begin
  n := 0;
  while true do inc(n)
end.
