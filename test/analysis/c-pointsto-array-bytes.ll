; Points-to, soundness of an array's fields: ops[] is indexed by element
; (stride 16: fn and arg apart), but poke() stores a pointer at a byte offset
; of it (built with -DBYTES), so any byte of any element may hold &spare; the
; array folds to a stride of 1 byte, its fields one location, and the
; workers' ops[k].fn call may reach a non-function: it is not resolved (only
; main's call of init is). Without poke the same program resolves both calls
; (c-pointsto-field-choice.ll and c-pointsto-array-fields.ll show the
; resolved shapes).
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct op { void (*fn)(long); long *arg; };
;   static long limit, total, spare;
;   static void set_limit(long v) { limit = v; }
;   static void add(long v) { __atomic_fetch_add(&total, v, __ATOMIC_RELAXED); }
;   static void sub(long v) { __atomic_fetch_sub(&total, v, __ATOMIC_RELAXED); }
;   static struct op ops[4];
;   __attribute__((noinline)) static void fill(int n) {
;     for (int i = 0; i < n; ++i) { ops[i].fn = i & 1 ? sub : add; ops[i].arg = &spare; }
;   }
;   #ifdef BYTES
;   /* A pointer stored at a byte offset: any field of any element. */
;   __attribute__((noinline)) static void poke(long off) { *(void **)((char *)ops + off) = &spare; }
;   #endif
;   static void *worker(void *a) {
;     for (long i = 0; i < limit; ++i)
;       ops[(i + (long)a) & 3].fn(i);
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     fill(argc > 2 ? atoi(argv[2]) : 4);
;   #ifdef BYTES
;     if (argc > 3) poke(atol(argv[3]));
;   #endif
;     void (*volatile init)(long) = set_limit;
;     init(argc > 1 ? atol(argv[1]) : 1000);
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld\n", total);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "indirect_calls": {"calls":2,"resolved":1,

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.op = type { ptr, ptr }

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@total = internal global i64 0, align 8
@ops = internal unnamed_addr global [4 x %struct.op] zeroinitializer, align 16
@spare = internal global i64 0, align 8
@limit = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 {
  %3 = alloca ptr, align 8
  %4 = alloca [2 x i64], align 16
  %5 = icmp sgt i32 %0, 2
  br i1 %5, label %6, label %18

6:                                                ; preds = %2
  %7 = getelementptr inbounds i8, ptr %1, i64 16
  %8 = load ptr, ptr %7, align 8, !tbaa !5
  %9 = tail call i64 @strtol(ptr nocapture noundef nonnull %8, ptr noundef null, i32 noundef 10) #10
  %10 = trunc i64 %9 to i32
  tail call fastcc void @fill(i32 noundef %10)
  %11 = icmp eq i32 %0, 3
  br i1 %11, label %16, label %12

12:                                               ; preds = %6
  %13 = getelementptr inbounds i8, ptr %1, i64 24
  %14 = load ptr, ptr %13, align 8, !tbaa !5
  %15 = tail call i64 @strtol(ptr nocapture noundef nonnull %14, ptr noundef null, i32 noundef 10) #10
  tail call fastcc void @poke(i64 noundef %15)
  br label %16

16:                                               ; preds = %12, %6
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  store volatile ptr @set_limit, ptr %3, align 8, !tbaa !5
  %17 = load volatile ptr, ptr %3, align 8, !tbaa !5
  br label %21

18:                                               ; preds = %2
  tail call fastcc void @fill(i32 noundef 4)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  store volatile ptr @set_limit, ptr %3, align 8, !tbaa !5
  %19 = load volatile ptr, ptr %3, align 8, !tbaa !5
  %20 = icmp eq i32 %0, 2
  br i1 %20, label %21, label %26

21:                                               ; preds = %16, %18
  %22 = phi ptr [ %17, %16 ], [ %19, %18 ]
  %23 = getelementptr inbounds i8, ptr %1, i64 8
  %24 = load ptr, ptr %23, align 8, !tbaa !5
  %25 = tail call i64 @strtol(ptr nocapture noundef nonnull %24, ptr noundef null, i32 noundef 10) #10
  br label %26

26:                                               ; preds = %18, %21
  %27 = phi ptr [ %22, %21 ], [ %19, %18 ]
  %28 = phi i64 [ %25, %21 ], [ 1000, %18 ]
  tail call void %27(i64 noundef %28) #10
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4) #10
  %29 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #10
  %30 = getelementptr inbounds i8, ptr %4, i64 8
  %31 = call i32 @pthread_create(ptr noundef nonnull %30, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #10
  %32 = load i64, ptr %4, align 16, !tbaa !9
  %33 = call i32 @pthread_join(i64 noundef %32, ptr noundef null) #10
  %34 = load i64, ptr %30, align 8, !tbaa !9
  %35 = call i32 @pthread_join(i64 noundef %34, ptr noundef null) #10
  %36 = load i64, ptr @total, align 8, !tbaa !9
  %37 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %36)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4) #10
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  ret i32 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc void @fill(i32 noundef %0) unnamed_addr #1 {
  %2 = icmp sgt i32 %0, 0
  br i1 %2, label %3, label %18

3:                                                ; preds = %1
  %4 = zext i32 %0 to i64
  %5 = and i64 %4, 1
  %6 = icmp eq i32 %0, 1
  br i1 %6, label %9, label %7

7:                                                ; preds = %3
  %8 = and i64 %4, 2147483646
  br label %19

9:                                                ; preds = %19, %3
  %10 = phi i64 [ 0, %3 ], [ %27, %19 ]
  %11 = icmp eq i64 %5, 0
  br i1 %11, label %18, label %12

12:                                               ; preds = %9
  %13 = and i64 %10, 1
  %14 = icmp eq i64 %13, 0
  %15 = select i1 %14, ptr @add, ptr @sub
  %16 = getelementptr inbounds [4 x %struct.op], ptr @ops, i64 0, i64 %10
  store ptr %15, ptr %16, align 16, !tbaa !11
  %17 = getelementptr inbounds i8, ptr %16, i64 8
  store ptr @spare, ptr %17, align 8, !tbaa !13
  br label %18

18:                                               ; preds = %12, %9, %1
  ret void

19:                                               ; preds = %19, %7
  %20 = phi i64 [ 0, %7 ], [ %27, %19 ]
  %21 = phi i64 [ 0, %7 ], [ %28, %19 ]
  %22 = getelementptr inbounds [4 x %struct.op], ptr @ops, i64 0, i64 %20
  store ptr @add, ptr %22, align 16, !tbaa !11
  %23 = getelementptr inbounds i8, ptr %22, i64 8
  store ptr @spare, ptr %23, align 8, !tbaa !13
  %24 = or i64 %20, 1
  %25 = getelementptr inbounds [4 x %struct.op], ptr @ops, i64 0, i64 %24
  store ptr @sub, ptr %25, align 16, !tbaa !11
  %26 = getelementptr inbounds i8, ptr %25, i64 8
  store ptr @spare, ptr %26, align 8, !tbaa !13
  %27 = add nuw nsw i64 %20, 2
  %28 = add i64 %21, 2
  %29 = icmp eq i64 %28, %8
  br i1 %29, label %9, label %19, !llvm.loop !14
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc void @poke(i64 noundef %0) unnamed_addr #2 {
  %2 = getelementptr inbounds i8, ptr @ops, i64 %0
  store ptr @spare, ptr %2, align 8, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal void @set_limit(i64 noundef %0) #4 {
  store i64 %0, ptr @limit, align 8, !tbaa !9
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef %0) #0 {
  %2 = load i64, ptr @limit, align 8, !tbaa !9
  %3 = icmp sgt i64 %2, 0
  br i1 %3, label %4, label %6

4:                                                ; preds = %1
  %5 = ptrtoint ptr %0 to i64
  br label %7

6:                                                ; preds = %7, %1
  ret ptr null

7:                                                ; preds = %4, %7
  %8 = phi i64 [ 0, %4 ], [ %13, %7 ]
  %9 = add nsw i64 %8, %5
  %10 = and i64 %9, 3
  %11 = getelementptr inbounds [4 x %struct.op], ptr @ops, i64 0, i64 %10
  %12 = load ptr, ptr %11, align 16, !tbaa !11
  tail call void %12(i64 noundef %8) #10
  %13 = add nuw nsw i64 %8, 1
  %14 = load i64, ptr @limit, align 8, !tbaa !9
  %15 = icmp slt i64 %13, %14
  br i1 %15, label %7, label %6, !llvm.loop !16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #3

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #7

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @sub(i64 noundef %0) #8 {
  %2 = atomicrmw sub ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @add(i64 noundef %0) #8 {
  %2 = atomicrmw add ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #9

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !6, i64 0}
!12 = !{!"op", !6, i64 0, !6, i64 8}
!13 = !{!12, !6, i64 8}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.mustprogress"}
!16 = distinct !{!16, !15}
