; The instances of copy-lock-two-tu.test, static, and the threads that
; lock them (clang -O2 -S -emit-llvm, trimmed):
;
; #include <pthread.h>
; #include <stdio.h>
;
; struct fast_mutex {
;   pthread_mutex_t lock;
;   unsigned spins;
;   unsigned rng;
; };
; void fast_mutex_init(struct fast_mutex *m, unsigned spins);
; void fast_mutex_lock(struct fast_mutex *m);
; void fast_mutex_unlock(struct fast_mutex *m);
;
; static struct fast_mutex m_a, m_b;
; static long count_a, count_b;
;
; static void *worker(void *arg) {
;   for (long i = 0; i < (long)arg; i++) {
;     fast_mutex_lock(&m_a);
;     count_a++;
;     fast_mutex_unlock(&m_a);
;     fast_mutex_lock(&m_b);
;     count_b += 2;
;     fast_mutex_unlock(&m_b);
;   }
;   return 0;
; }
;
; int main(void) {
;   fast_mutex_init(&m_a, 50);
;   fast_mutex_init(&m_b, 100);
;   pthread_t t[2];
;   for (int i = 0; i < 2; i++)
;     pthread_create(&t[i], 0, worker, (void *)100000L);
;   for (int i = 0; i < 2; i++)
;     pthread_join(t[i], 0);
;   printf("%ld %ld\n", count_a, count_b);
;   return 0;
; }

source_filename = "copy-lock-main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.fast_mutex = type { %union.pthread_mutex_t, i32, i32 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@m_a = internal global %struct.fast_mutex zeroinitializer, align 8
@m_b = internal global %struct.fast_mutex zeroinitializer, align 8
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@count_a = internal unnamed_addr global i64 0, align 8
@count_b = internal unnamed_addr global i64 0, align 8

define dso_local noundef i32 @main() local_unnamed_addr #0 {
  %1 = alloca [2 x i64], align 16
  tail call void @fast_mutex_init(ptr noundef nonnull @m_a, i32 noundef 50) #5
  tail call void @fast_mutex_init(ptr noundef nonnull @m_b, i32 noundef 100) #5
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %1) #5
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 100000 to ptr)) #5
  %3 = getelementptr inbounds i8, ptr %1, i64 8
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 100000 to ptr)) #5
  %5 = load i64, ptr %1, align 16
  %6 = call i32 @pthread_join(i64 noundef %5, ptr noundef null) #5
  %7 = load i64, ptr %3, align 8
  %8 = call i32 @pthread_join(i64 noundef %7, ptr noundef null) #5
  %9 = load i64, ptr @count_a, align 8
  %10 = load i64, ptr @count_b, align 8
  %11 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i64 noundef %10)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1) #5
  ret i32 0
}

declare void @fast_mutex_init(ptr noundef, i32 noundef) local_unnamed_addr #1

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal noalias noundef ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  %3 = icmp sgt ptr %0, null
  br i1 %3, label %5, label %4

4:                                                ; preds = %5, %1
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i64 [ %11, %5 ], [ 0, %1 ]
  tail call void @fast_mutex_lock(ptr noundef nonnull @m_a) #5
  %7 = load i64, ptr @count_a, align 8
  %8 = add nsw i64 %7, 1
  store i64 %8, ptr @count_a, align 8
  tail call void @fast_mutex_unlock(ptr noundef nonnull @m_a) #5
  tail call void @fast_mutex_lock(ptr noundef nonnull @m_b) #5
  %9 = load i64, ptr @count_b, align 8
  %10 = add nsw i64 %9, 2
  store i64 %10, ptr @count_b, align 8
  tail call void @fast_mutex_unlock(ptr noundef nonnull @m_b) #5
  %11 = add nuw nsw i64 %6, 1
  %12 = icmp eq i64 %11, %2
  br i1 %12, label %4, label %5
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #1

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #4

declare void @fast_mutex_lock(ptr noundef) local_unnamed_addr #1

declare void @fast_mutex_unlock(ptr noundef) local_unnamed_addr #1

attributes #0 = { nounwind uwtable }
attributes #1 = { nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }
attributes #4 = { nofree nounwind }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
