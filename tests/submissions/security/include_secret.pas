{ Includes /etc/shadow, hoping the compiler quotes the host's secrets in its error message.
  The compiler runs in the sandbox, where no such file exists: CE, and nothing quoted. }
program secret;
{$I /etc/shadow}
begin
end.
