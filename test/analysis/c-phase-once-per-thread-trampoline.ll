; Program phases: a function that only a thread entry's start-up calls runs
; once per thread, even through a function pointer (a trampoline calling
; the task's `run`): its code before its loop is thread start-up, so the
; store to @slot_owner there is no steady-state write and @slot_owner, read
; in the loop, is read-mostly; the loop itself is the steady state, and
; @processed, updated there, is write-hot.
;
;   struct task { void *(*run)(int); int id; };
;   static int slot_owner[4];
;   static long processed;
;   static int rounds;
;   static void *body(int id) {
;     slot_owner[id & 3] = id;
;     for (int i = 0; i < rounds; ++i)
;       __atomic_fetch_add(&processed, slot_owner[(id + i) & 3], __ATOMIC_RELAXED);
;     return 0;
;   }
;   static void *trampoline(void *p) { struct task *t = p; return t->run(t->id); }
;   int main(int argc, char **argv) {
;     pthread_t th[2];
;     struct task t[2] = {{body, 0}, {body, 1}};
;     rounds = argc * 1000;
;     for (int i = 0; i < 2; ++i) pthread_create(&th[i], 0, trampoline, &t[i]);
;     for (int i = 0; i < 2; ++i) pthread_join(th[i], 0);
;     return processed == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"slot_owner",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in body (called once per thread)); read by load in body (called once per thread) in a loop"{{.*}}"context":"thread start-up"
; CHECK-DAG: "class":"write-hot","name":"processed",{{.*}}"reason":"written while threads run: atomicrmw in body (called once per thread) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"rounds",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.task = type { ptr, i32 }

@__const.main.t = private unnamed_addr constant [2 x %struct.task] [%struct.task { ptr @body, i32 0 }, %struct.task { ptr @body, i32 1 }], align 16
@rounds = internal unnamed_addr global i32 0, align 4
@processed = internal global i64 0, align 8
@slot_owner = internal unnamed_addr global [4 x i32] zeroinitializer, align 16

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca [2 x i64], align 16
  %4 = alloca [2 x %struct.task], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %4)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %4, ptr noundef nonnull align 16 dereferenceable(32) @__const.main.t, i64 32, i1 false)
  %5 = mul nsw i32 %0, 1000
  store i32 %5, ptr @rounds, align 4
  br label %6

6:                                                ; preds = %2, %6
  %7 = phi i64 [ 0, %2 ], [ %11, %6 ]
  %8 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %7
  %9 = getelementptr inbounds [2 x %struct.task], ptr %4, i64 0, i64 %7
  %10 = call i32 @pthread_create(ptr noundef nonnull %8, ptr noundef null, ptr noundef nonnull @trampoline, ptr noundef nonnull %9)
  %11 = add nuw nsw i64 %7, 1
  %12 = icmp eq i64 %7, 0
  br i1 %12, label %6, label %17

13:                                               ; preds = %17
  %14 = load i64, ptr @processed, align 8
  %15 = icmp eq i64 %14, 0
  %16 = zext i1 %15 to i32
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %4)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  ret i32 %16

17:                                               ; preds = %6, %17
  %18 = phi i64 [ %22, %17 ], [ 0, %6 ]
  %19 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %18
  %20 = load i64, ptr %19, align 8
  %21 = call i32 @pthread_join(i64 noundef %20, ptr noundef null)
  %22 = add nuw nsw i64 %18, 1
  %23 = icmp eq i64 %18, 0
  br i1 %23, label %17, label %13
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

define internal noalias noundef ptr @body(i32 noundef %0) {
  %2 = and i32 %0, 3
  %3 = zext i32 %2 to i64
  %4 = getelementptr inbounds [4 x i32], ptr @slot_owner, i64 0, i64 %3
  store i32 %0, ptr %4, align 4
  %5 = load i32, ptr @rounds, align 4
  %6 = icmp sgt i32 %5, 0
  br i1 %6, label %8, label %7

7:                                                ; preds = %8, %1
  ret ptr null

8:                                                ; preds = %1, %8
  %9 = phi i32 [ %17, %8 ], [ 0, %1 ]
  %10 = add nsw i32 %9, %0
  %11 = and i32 %10, 3
  %12 = zext i32 %11 to i64
  %13 = getelementptr inbounds [4 x i32], ptr @slot_owner, i64 0, i64 %12
  %14 = load i32, ptr %13, align 4
  %15 = sext i32 %14 to i64
  %16 = atomicrmw add ptr @processed, i64 %15 monotonic, align 8
  %17 = add nuw nsw i32 %9, 1
  %18 = icmp eq i32 %17, %5
  br i1 %18, label %7, label %8
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @trampoline(ptr nocapture noundef readonly %0) {
  %2 = load ptr, ptr %0, align 8
  %3 = getelementptr inbounds i8, ptr %0, i64 8
  %4 = load i32, ptr %3, align 8
  %5 = tail call ptr %2(i32 noundef %4)
  ret ptr %5
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

