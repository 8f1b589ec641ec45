; Program phases: main hands a callback to an unknown library function
; (lib_set_hook) before it creates its own thread. The library may call the
; callback on any thread at any time, so the callback is a root of hot code
; (@hook_calls is write-hot), but the program starts its threads itself:
; its own pthread_create, not the registration, ends start-up, and @level,
; set between the two, is read-mostly.
;
;   extern void lib_set_hook(void (*)(int));
;   static int level, hook_calls;
;   static long served;
;   static void on_event(int e) { hook_calls += e; }
;   static void *worker(void *a) {
;     for (int i = 0; i < 1000; ++i)
;       __atomic_fetch_add(&served, level, __ATOMIC_RELAXED);
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     pthread_t t;
;     lib_set_hook(on_event);
;     level = argc;
;     pthread_create(&t, 0, worker, 0);
;     pthread_join(t, 0);
;     return served == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"level",{{.*}}"reason":"written only at start-up (store in main before the first thread starts)
; CHECK-DAG: "class":"write-hot","name":"hook_calls",{{.*}}"reason":"written while threads run: store in on_event (callback of unknown code)"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@level = internal unnamed_addr global i32 0, align 4
@served = internal global i64 0, align 8
@hook_calls = internal unnamed_addr global i32 0, align 4

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  tail call void @lib_set_hook(ptr noundef nonnull @on_event)
  store i32 %0, ptr @level, align 4
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %5 = load i64, ptr %3, align 8
  %6 = call i32 @pthread_join(i64 noundef %5, ptr noundef null)
  %7 = load i64, ptr @served, align 8
  %8 = icmp eq i64 %7, 0
  %9 = zext i1 %8 to i32
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  ret i32 %9
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @lib_set_hook(ptr noundef) local_unnamed_addr

define internal void @on_event(i32 noundef %0) {
  %2 = load i32, ptr @hook_calls, align 4
  %3 = add nsw i32 %2, %0
  store i32 %3, ptr @hook_calls, align 4
  ret void
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @level, align 4
  %3 = sext i32 %2 to i64
  br label %5

4:                                                ; preds = %5
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i32 [ 0, %1 ], [ %8, %5 ]
  %7 = atomicrmw add ptr @served, i64 %3 monotonic, align 8
  %8 = add nuw nsw i32 %6, 1
  %9 = icmp eq i32 %8, 1000
  br i1 %9, label %4, label %5
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

