# Sleeps and uses no CPU: stopped by the wall-clock limit.
import time

time.sleep(3600)
print(2906)
