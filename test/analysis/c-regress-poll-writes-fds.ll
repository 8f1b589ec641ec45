; Regression (was a bug): KnownFunctions.cpp declares poll with waits(), whose KnownFunction
; defaults every pointer argument to ArgEffect::Read, so
; PointerWalker::visitCall records poll(fds, ...) as a "call that reads".
; But poll writes fds[i].revents on every call (likewise select writes its
; fd_sets, epoll_wait its events, waitpid its status, nanosleep its rem,
; accept its addr, pthread_join its retval). The run-time write is lost and
; @fds, set up by main before pthread_create, is reported read-mostly.
;
; poll writes @fds each time the worker's loop goes round; poll blocks, so
; the loop is a waiting loop and the write is not hot: the expected class is
; neutral "written at run time, but not repeatedly". Never read-mostly.
;
;   static struct pollfd fds[1];
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) { poll(fds, 1, -1); n += fds[0].revents; } return (void *)n; }
;   int main(void) { pthread_t t; fds[0].fd = 0; fds[0].events = POLLIN;
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"neutral","name":"fds","reads":{{[0-9]+}},"reason":"written at run time, but not repeatedly: poll() in worker (thread entry) in a loop that waits"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.pollfd = type { i32, i16, i16 }

@fds = internal global [1 x %struct.pollfd] zeroinitializer, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %p = call i32 @poll(ptr @fds, i64 1, i32 -1)
  %rp = getelementptr inbounds %struct.pollfd, ptr @fds, i64 0, i32 2
  %r = load i16, ptr %rp, align 2
  %r64 = sext i16 %r to i64
  %n.next = add i64 %n, %r64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %ret = inttoptr i64 %n.next to ptr
  ret ptr %ret
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  store i32 0, ptr @fds, align 4
  %ev = getelementptr inbounds %struct.pollfd, ptr @fds, i64 0, i32 1
  store i16 1, ptr %ev, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @poll(ptr, i64, i32)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
