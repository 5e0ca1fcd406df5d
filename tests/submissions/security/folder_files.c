/* Hides memory in files of its working folder, a tmpfs: 64 files of 15 MiB, 960 MiB in all.
 * The folder is memory, counted with the program's, and no bigger than the limit: MLE, and
 * the host's /dev/shm does not grow. */
#include <stdio.h>
#include <string.h>

int main(void) {
	static char chunk[1 << 20];
	memset(chunk, 5, sizeof chunk);
	for (int i = 0; i < 64; i++) {
		char name[32];
		snprintf(name, sizeof name, "hide%02d.bin", i);
		FILE *f = fopen(name, "wb");
		if (!f) continue;
		for (int j = 0; j < 15; j++) fwrite(chunk, 1, sizeof chunk, f);
		fclose(f);
	}
	puts("2855");
	return 0;
}
