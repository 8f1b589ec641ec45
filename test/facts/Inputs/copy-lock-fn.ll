; The lock routines of copy-lock-two-tu.test, in a translation unit of
; their own (clang -O2 -S -emit-llvm, trimmed):
;
; #include <pthread.h>
;
; struct fast_mutex {
;   pthread_mutex_t lock;
;   unsigned spins;
;   unsigned rng;
; };
;
; void fast_mutex_init(struct fast_mutex *m, unsigned spins) {
;   pthread_mutex_init(&m->lock, 0);
;   m->spins = spins;
;   m->rng = 1;
; }
;
; void fast_mutex_lock(struct fast_mutex *m) {
;   for (unsigned i = 0; i < m->spins; i++) {
;     if (pthread_mutex_trylock(&m->lock) == 0)
;       return;
;     m->rng = m->rng * 1103515245u + 12345u;
;   }
;   pthread_mutex_lock(&m->lock);
; }
;
; void fast_mutex_unlock(struct fast_mutex *m) { pthread_mutex_unlock(&m->lock); }

source_filename = "copy-lock-fn.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @fast_mutex_init(ptr noundef %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call i32 @pthread_mutex_init(ptr noundef %0, ptr noundef null) #2
  %4 = getelementptr inbounds i8, ptr %0, i64 40
  store i32 %1, ptr %4, align 8
  %5 = getelementptr inbounds i8, ptr %0, i64 44
  store i32 1, ptr %5, align 4
  ret void
}

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #1

define dso_local void @fast_mutex_lock(ptr noundef %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds i8, ptr %0, i64 40
  %3 = load i32, ptr %2, align 8
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %18, label %5

5:                                                ; preds = %1
  %6 = getelementptr inbounds i8, ptr %0, i64 44
  br label %7

7:                                                ; preds = %5, %11
  %8 = phi i32 [ 0, %5 ], [ %15, %11 ]
  %9 = tail call i32 @pthread_mutex_trylock(ptr noundef nonnull %0) #2
  %10 = icmp eq i32 %9, 0
  br i1 %10, label %20, label %11

11:                                               ; preds = %7
  %12 = load i32, ptr %6, align 4
  %13 = mul i32 %12, 1103515245
  %14 = add i32 %13, 12345
  store i32 %14, ptr %6, align 4
  %15 = add nuw i32 %8, 1
  %16 = load i32, ptr %2, align 8
  %17 = icmp ult i32 %15, %16
  br i1 %17, label %7, label %18

18:                                               ; preds = %11, %1
  %19 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull %0) #2
  br label %20

20:                                               ; preds = %7, %18
  ret void
}

declare i32 @pthread_mutex_trylock(ptr noundef) local_unnamed_addr #1

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #1

define dso_local void @fast_mutex_unlock(ptr noundef %0) local_unnamed_addr #0 {
  %2 = tail call i32 @pthread_mutex_unlock(ptr noundef %0) #2
  ret void
}

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #1

attributes #0 = { nounwind uwtable }
attributes #1 = { nounwind }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
