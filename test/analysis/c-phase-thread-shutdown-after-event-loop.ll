; Program phases: a thread's shut-down after the call that runs its steady
; state. worker sets up its descriptors in a loop of its own, then calls
; event_loop, whose loop waits in poll until the program stops; controller
; has no loop of its own, only that call. What each runs after the call
; returns, and reaches no loop or such call again, runs once per thread,
; as the thread ends: the exit counter @threads_exited (an atomic
; increment), @last_exited, and @control_closed are read-mostly, written
; only at thread shut-down, and so is @slot_busy, which release_slot,
; called only from worker's shut-down, clears. The counter the event loop
; increments stays write-hot: the calls of event_loop are no shut-down, the
; loop they run stays the steady state. Before, worker's code after the
; call was hot (after its loop, at the thread entry's rate), and
; controller's was thread start-up (before its loops: it has none).
;
;   #include <poll.h>
;   #include <pthread.h>
;   #include <unistd.h>
;   static int listen_fd[2][8];
;   static int nlisten[2];
;   static long events_handled;
;   static int threads_exited;
;   static int last_exited;
;   static int control_closed;
;   static int slot_busy[2];
;   static volatile int stop_serving;
;   __attribute__((noinline)) static void release_slot(int id) {
;     slot_busy[id & 1] = 0;
;   }
;   __attribute__((noinline)) static void event_loop(struct pollfd *fds, int n) {
;     while (!stop_serving)
;       if (poll(fds, n, 100) > 0)
;         __atomic_fetch_add(&events_handled, 1, __ATOMIC_RELAXED);
;   }
;   static void *worker(void *arg) {
;     int id = (int)(long)arg;
;     struct pollfd fds[8];
;     int n = nlisten[id];
;     slot_busy[id & 1] = 1;
;     for (int i = 0; i < n; ++i) {
;       fds[i].fd = dup(listen_fd[id][i]);
;       fds[i].events = POLLIN;
;     }
;     event_loop(fds, n);
;     __atomic_fetch_add(&threads_exited, 1, __ATOMIC_RELAXED);
;     last_exited = id;
;     release_slot(id);
;     return 0;
;   }
;   static void *controller(void *arg) {
;     event_loop(arg, 1);
;     control_closed = 1;
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[3];
;     struct pollfd ctl = {0, POLLIN, 0};
;     for (int i = 0; i < 2; ++i) {
;       nlisten[i] = 1;
;       listen_fd[i][0] = 0;
;     }
;     for (long i = 0; i < 2; ++i)
;       pthread_create(&t[i], 0, worker, (void *)i);
;     pthread_create(&t[2], 0, controller, &ctl);
;     sleep(1);
;     stop_serving = 1;
;     while (__atomic_load_n(&threads_exited, __ATOMIC_RELAXED) < 2 || !control_closed)
;       usleep(1000 + last_exited + slot_busy[0]);
;     for (int i = 0; i < 3; ++i)
;       pthread_join(t[i], 0);
;     return events_handled == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"threads_exited",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (atomicrmw in worker (thread entry) after its steady state, as the thread ends);{{.*}}"writes":[{"context":"thread shut-down",
; CHECK-DAG: "class":"read-mostly","name":"last_exited",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in worker (thread entry) after its steady state, as the thread ends);{{.*}}"writes":[{"context":"thread shut-down",
; CHECK-DAG: "class":"read-mostly","name":"control_closed",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in controller (thread entry) after its steady state, as the thread ends);{{.*}}"writes":[{"context":"thread shut-down",
; CHECK-DAG: "class":"read-mostly","name":"slot_busy",{{.*}}"writes":[{"context":"thread start-up",{{.*}}},{"context":"thread shut-down",{{.*}}"function":"release_slot","function_role":"called only at thread shut-down",
; CHECK-DAG: "class":"write-hot","name":"events_handled",{{.*}}"reason":"written while threads run: atomicrmw in event_loop (called repeatedly while threads run) in a loop that waits"

; The stages: both entries' calls of event_loop may loop; worker's block 2
; after its call (instruction 1) and controller's block 0 after its call
; (instruction 0) are their threads' shut-down; release_slot runs only
; there.
; RUN: rm -rf %t.facts
; RUN: %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: %tools/cacheline-facts solve --stages %t.facts > %t.stages
; RUN: FileCheck %s --check-prefix=STAGES --input-file=%t.stages
; STAGES:      may loop: controller ({{.*}}), event_loop ({{.*}}), main, worker ({{.*}})
; STAGES:      once per thread: controller ({{.*}}), worker ({{.*}})
; STAGES-NEXT: thread shutdown blocks: controller ({{.*}}) [0 after 0], worker ({{.*}}) [2 after 1]
; STAGES-NEXT: shutdown: release_slot ({{.*}})
; STAGES-NEXT: thread shutdown: release_slot ({{.*}})

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pollfd = type { i32, i16, i16 }

@nlisten = internal unnamed_addr global [2 x i32] zeroinitializer, align 4
@listen_fd = internal unnamed_addr global [2 x [8 x i32]] zeroinitializer, align 16
@stop_serving = internal global i32 0, align 4
@threads_exited = internal global i32 0, align 4
@control_closed = internal unnamed_addr global i1 false, align 4
@last_exited = internal unnamed_addr global i32 0, align 4
@slot_busy = internal unnamed_addr global [2 x i32] zeroinitializer, align 4
@events_handled = internal global i64 0, align 8

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca [3 x i64], align 16
  %2 = alloca %struct.pollfd, align 8
  store i64 4294967296, ptr %2, align 8
  store i32 1, ptr @nlisten, align 4
  store i32 0, ptr @listen_fd, align 16
  store i32 1, ptr getelementptr inbounds (i8, ptr @nlisten, i64 4), align 4
  store i32 0, ptr getelementptr inbounds (i8, ptr @listen_fd, i64 32), align 16
  %3 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %4 = getelementptr inbounds i8, ptr %1, i64 8
  %5 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr))
  %6 = getelementptr inbounds i8, ptr %1, i64 16
  %7 = call i32 @pthread_create(ptr noundef nonnull %6, ptr noundef null, ptr noundef nonnull @controller, ptr noundef nonnull %2)
  %8 = call i32 @sleep(i32 noundef 1)
  store volatile i32 1, ptr @stop_serving, align 4
  %9 = load atomic i32, ptr @threads_exited monotonic, align 4
  %10 = icmp sgt i32 %9, 1
  %11 = load i1, ptr @control_closed, align 4
  %12 = select i1 %10, i1 %11, i1 false
  br i1 %12, label %13, label %23

13:                                               ; preds = %23, %0
  %14 = load i64, ptr %1, align 16
  %15 = call i32 @pthread_join(i64 noundef %14, ptr noundef null)
  %16 = load i64, ptr %4, align 8
  %17 = call i32 @pthread_join(i64 noundef %16, ptr noundef null)
  %18 = load i64, ptr %6, align 16
  %19 = call i32 @pthread_join(i64 noundef %18, ptr noundef null)
  %20 = load i64, ptr @events_handled, align 8
  %21 = icmp eq i64 %20, 0
  %22 = zext i1 %21 to i32
  ret i32 %22

23:                                               ; preds = %0, %23
  %24 = load i32, ptr @last_exited, align 4
  %25 = add nsw i32 %24, 1000
  %26 = load i32, ptr @slot_busy, align 4
  %27 = add nsw i32 %25, %26
  %28 = call i32 @usleep(i32 noundef %27)
  %29 = load atomic i32, ptr @threads_exited monotonic, align 4
  %30 = icmp sgt i32 %29, 1
  %31 = load i1, ptr @control_closed, align 4
  %32 = select i1 %30, i1 %31, i1 false
  br i1 %32, label %13, label %23
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr noundef %0) {
  %2 = alloca [8 x %struct.pollfd], align 16
  %3 = ptrtoint ptr %0 to i64
  %4 = shl i64 %3, 32
  %5 = ashr exact i64 %4, 32
  %6 = getelementptr inbounds [2 x i32], ptr @nlisten, i64 0, i64 %5
  %7 = load i32, ptr %6, align 4
  %8 = and i64 %3, 1
  %9 = getelementptr inbounds [2 x i32], ptr @slot_busy, i64 0, i64 %8
  store i32 1, ptr %9, align 4
  %10 = icmp sgt i32 %7, 0
  br i1 %10, label %11, label %13

11:                                               ; preds = %1
  %12 = zext i32 %7 to i64
  br label %16

13:                                               ; preds = %16, %1
  %14 = trunc i64 %3 to i32
  call fastcc void @event_loop(ptr noundef nonnull %2, i32 noundef %7)
  %15 = atomicrmw add ptr @threads_exited, i32 1 monotonic, align 4
  store i32 %14, ptr @last_exited, align 4
  call fastcc void @release_slot(i32 noundef %14)
  ret ptr null

16:                                               ; preds = %11, %16
  %17 = phi i64 [ 0, %11 ], [ %23, %16 ]
  %18 = getelementptr inbounds [2 x [8 x i32]], ptr @listen_fd, i64 0, i64 %5, i64 %17
  %19 = load i32, ptr %18, align 4
  %20 = tail call i32 @dup(i32 noundef %19)
  %21 = getelementptr inbounds [8 x %struct.pollfd], ptr %2, i64 0, i64 %17
  store i32 %20, ptr %21, align 8
  %22 = getelementptr inbounds i8, ptr %21, i64 4
  store i16 1, ptr %22, align 4
  %23 = add nuw nsw i64 %17, 1
  %24 = icmp eq i64 %23, %12
  br i1 %24, label %13, label %16
}

define internal noalias noundef ptr @controller(ptr noundef %0) {
  tail call fastcc void @event_loop(ptr noundef %0, i32 noundef 1)
  store i1 true, ptr @control_closed, align 4
  ret ptr null
}

declare i32 @sleep(i32 noundef) local_unnamed_addr

declare i32 @usleep(i32 noundef) local_unnamed_addr

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare i32 @dup(i32 noundef) local_unnamed_addr

define internal fastcc void @event_loop(ptr noundef %0, i32 noundef %1) unnamed_addr {
  %3 = load volatile i32, ptr @stop_serving, align 4
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %5, label %15

5:                                                ; preds = %2
  %6 = sext i32 %1 to i64
  br label %7

7:                                                ; preds = %5, %12
  %8 = tail call i32 @poll(ptr noundef %0, i64 noundef %6, i32 noundef 100)
  %9 = icmp sgt i32 %8, 0
  br i1 %9, label %10, label %12

10:                                               ; preds = %7
  %11 = atomicrmw add ptr @events_handled, i64 1 monotonic, align 8
  br label %12

12:                                               ; preds = %10, %7
  %13 = load volatile i32, ptr @stop_serving, align 4
  %14 = icmp eq i32 %13, 0
  br i1 %14, label %7, label %15

15:                                               ; preds = %12, %2
  ret void
}

define internal fastcc void @release_slot(i32 noundef %0) unnamed_addr {
  %2 = and i32 %0, 1
  %3 = zext i32 %2 to i64
  %4 = getelementptr inbounds [2 x i32], ptr @slot_busy, i64 0, i64 %3
  store i32 0, ptr %4, align 4
  ret void
}

declare i32 @poll(ptr noundef, i64 noundef, i32 noundef) local_unnamed_addr
