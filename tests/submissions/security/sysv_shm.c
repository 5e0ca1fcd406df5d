/* Hides memory in a System V segment: 512 MiB, touched, detached, left to the kernel: MLE,
 * and no segment is left behind on the machine. */
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

int main(void) {
	size_t size = 512 << 20;
	int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
	if (id < 0) return 1;
	char *p = shmat(id, NULL, 0);
	if (p == (void *)-1) return 2;
	memset(p, 3, size);
	shmdt(p);
	sleep(10);
	puts("2855");
	return 0;
}
