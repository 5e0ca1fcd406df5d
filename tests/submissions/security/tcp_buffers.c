/* Hides memory in the kernel's TCP buffers, which no cgroup v1 memory group charges: three
 * processes each open 20 loopback connections to a listener of their own, write into each
 * until the kernel takes no more, and never read, then answer 2855. Judged with a cgroup v1
 * memory group and the network allowed, it held about 600 MiB under a 128 MiB limit and was
 * accepted. The sandbox refuses every socket but a Unix one, so it cannot open the listener:
 * it says so on standard error and exits with status 1, a run-time error. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

enum { connections = 20, processes = 3 };

static int hold(void) {
	static char chunk[1 << 16];
	struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof addr;
	int listener = socket(AF_INET, SOCK_STREAM, 0);
	if (listener < 0) {
		perror("socket");
		return 1;
	}
	if (bind(listener, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(listener, connections) != 0 ||
	    getsockname(listener, (struct sockaddr *)&addr, &len) != 0) {
		perror("listen");
		return 1;
	}
	memset(chunk, 7, sizeof chunk);
	for (int i = 0; i < connections; i++) {
		int c = socket(AF_INET, SOCK_STREAM, 0);
		if (c < 0 || connect(c, (struct sockaddr *)&addr, sizeof addr) != 0) {
			perror("connect");
			return 1;
		}
		if (accept(listener, NULL, NULL) < 0) { /* held open, never read */
			perror("accept");
			return 1;
		}
		fcntl(c, F_SETFL, O_NONBLOCK);
		while (write(c, chunk, sizeof chunk) > 0) {
		}
	}
	return 0;
}

int main(void) {
	for (int p = 1; p < processes; p++) {
		if (fork() == 0) {
			int status = hold();
			sleep(status == 0 ? 3 : 0);
			return status;
		}
	}
	int status = hold();
	sleep(status == 0 ? 2 : 0);
	if (status != 0) return status;
	printf("2855\n");
	return 0;
}
