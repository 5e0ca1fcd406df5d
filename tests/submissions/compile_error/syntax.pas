{ An undeclared variable: a compilation error. }
program syntax;
begin
  writeln(score)
end.
