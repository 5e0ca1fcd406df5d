# Tries to write outside its folder: the system, the program's own folder, the folder above. In
# the sandbox every try fails and it answers 0, a wrong answer; a write that works ends it with
# status 42, a run-time error.
import os

for path in ["/planted", "/tmp/planted", "/usr/planted", "/etc/planted", "../planted",
             os.path.join(os.path.dirname(os.path.abspath(__file__)), "planted")]:
    try:
        with open(path, "w") as f:
            f.write("2906\n")
        os.remove(path)
        raise SystemExit(42)
    except OSError:
        pass
print(0)
