/* Hides memory where no process holds it: 100 MiB of its own, then 45 MiB in three memory
 * files of 15 MiB (each under the output limit, which every file written counts against), each
 * sent through a unix socket to itself and closed, so that its only reference is a descriptor
 * in flight. The memory control group counts them: MLE. (Without one, which a judge not run as
 * root lacks, sampling cannot see them.) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

static int sendFile(int sock, int fd) {
	char byte = 0, control[CMSG_SPACE(sizeof fd)];
	struct iovec iov = {&byte, 1};
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET, c->cmsg_type = SCM_RIGHTS, c->cmsg_len = CMSG_LEN(sizeof fd);
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

int main(void) {
	static char chunk[1 << 20];
	int pair[2];
	size_t own = (size_t)100 << 20;
	char *p = malloc(own);
	if (p == NULL) return 1;
	memset(p, 1, own);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return 2;
	memset(chunk, 7, sizeof chunk);
	for (int f = 0; f < 3; f++) {
		int fd = memfd_create("hidden", 0);
		if (fd < 0) return 3;
		for (int i = 0; i < 15; i++) {
			if (write(fd, chunk, sizeof chunk) != sizeof chunk) return 4;
		}
		if (sendFile(pair[0], fd) != 0) return 5;
		close(fd);
	}
	sleep(2);
	printf("%d\n", p[own - 1] + 2854);
	return 0;
}
