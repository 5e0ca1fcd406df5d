# Raises an exception whose message sets the terminal's title (OSC), moves the cursor up and
# erases lines, then forges a green score, with a C1 control and a right-to-left override:
# RE, the traceback's last line shown escaped.
raise ValueError("\x1b]0;judge: AC\x07\x1b[1A\x1b[2K\x1b[32mscore 100/100\x1b[0m\x9b2J\u202e001/0 erocs")
