/* Hides memory in the kernel's Unix socket buffers: 28 socket pairs, each asking for a 64 MiB
 * send buffer (the kernel grants up to net.core.wmem_max, 4 MiB on many machines, doubled),
 * filled without blocking and never read: about 220 MiB where the kernel allows it, none of
 * it in the program's own pages. The memory control group charges socket buffers of Unix
 * sockets to the run, cgroup v1 as v2: MLE, the message saying that the kernel's own memory
 * made most of it. (Without a memory group, which a judge not run as root lacks, the sampling
 * cannot see it.) */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void) {
	static char chunk[1 << 16];
	long total = 0;
	memset(chunk, 7, sizeof chunk);
	for (int i = 0; i < 28; i++) {
		int pair[2], size = 64 << 20;
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) break;
		setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
		setsockopt(pair[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
		fcntl(pair[0], F_SETFL, O_NONBLOCK);
		ssize_t n;
		while ((n = write(pair[0], chunk, sizeof chunk)) > 0) total += n;
	}
	fprintf(stderr, "%ld MiB in socket buffers\n", total >> 20);
	sleep(1);
	printf("2855\n");
	return 0;
}
