; Points-to: a store at one of two fields chosen by a phi of their offsets.
; insert() links each definition into a hash chain, storing either its next
; or its hash field; SimplifyCFG merges the two stores into one whose byte
; offset is phi(8, 24). The analysis takes that address as a copy of the
; element's address at each offset, so the array (indexed by i, stride 32)
; keeps its fields apart: the workers' d->fn calls reach add and sub only,
; set_limit runs from main alone, and limit is read-mostly. (As a variable
; byte offset it would merge every field: the calls would reach the names,
; and by signature set_limit, and limit would be write-hot.)
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct def { void (*fn)(long); struct def *next; const char *name; struct def *hash; };
;   static long limit, total;
;   static void set_limit(long v) { limit = v; }
;   static void add(long v) { __atomic_fetch_add(&total, v, __ATOMIC_RELAXED); }
;   static void sub(long v) { __atomic_fetch_sub(&total, v, __ATOMIC_RELAXED); }
;   static struct def defs[] = {{add, 0, "add", 0}, {sub, 0, "sub", 0}, {add, 0, "and", 0}};
;   static struct def *table[7];
;   __attribute__((noinline)) static void insert(struct def *d, int n) {
;     for (int i = 0; i < n; ++i) {
;       unsigned h = (unsigned)d[i].name[0] % 7;
;       struct def *other = table[h];
;       while (other && other->name[1] != d[i].name[1]) other = other->hash;
;       if (other) { d[i].next = other->next; other->next = &d[i]; }
;       else { d[i].hash = table[h]; table[h] = &d[i]; }
;     }
;   }
;   static void *worker(void *a) {
;     long n = 0;
;     for (long i = 0; i < limit; ++i)
;       for (struct def *d = table[(i + (long)a) % 7]; d; d = d->hash, ++n)
;         d->fn(i);
;     return (void *)n;
;   }
;   int main(int argc, char **argv) {
;     insert(defs, argc > 2 ? atoi(argv[2]) : 3);
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
; CHECK-DAG: "indirect_calls": {"calls":2,"resolved":2,
; CHECK-DAG: "class":"read-mostly","name":"limit",{{.*}}"reason":"written only at start-up (store in set_limit (called only at start-up))
; CHECK-DAG: "class":"write-hot","name":"total",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.def = type { ptr, ptr, ptr, ptr }

@defs = internal global [3 x %struct.def] [%struct.def { ptr @add, ptr null, ptr @.str.1, ptr null }, %struct.def { ptr @sub, ptr null, ptr @.str.2, ptr null }, %struct.def { ptr @add, ptr null, ptr @.str.3, ptr null }], align 16
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@total = internal global i64 0, align 8
@table = internal unnamed_addr global [7 x ptr] zeroinitializer, align 16
@.str.1 = private unnamed_addr constant [4 x i8] c"add\00", align 1
@.str.2 = private unnamed_addr constant [4 x i8] c"sub\00", align 1
@.str.3 = private unnamed_addr constant [4 x i8] c"and\00", align 1
@limit = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 {
  %3 = alloca ptr, align 8
  %4 = alloca [2 x i64], align 16
  %5 = icmp sgt i32 %0, 2
  br i1 %5, label %6, label %11

6:                                                ; preds = %2
  %7 = getelementptr inbounds i8, ptr %1, i64 16
  %8 = load ptr, ptr %7, align 8, !tbaa !5
  %9 = tail call i64 @strtol(ptr nocapture noundef nonnull %8, ptr noundef null, i32 noundef 10) #9
  %10 = trunc i64 %9 to i32
  br label %11

11:                                               ; preds = %2, %6
  %12 = phi i32 [ %10, %6 ], [ 3, %2 ]
  tail call fastcc void @insert(i32 noundef %12)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  store volatile ptr @set_limit, ptr %3, align 8, !tbaa !5
  %13 = load volatile ptr, ptr %3, align 8, !tbaa !5
  %14 = icmp sgt i32 %0, 1
  br i1 %14, label %15, label %19

15:                                               ; preds = %11
  %16 = getelementptr inbounds i8, ptr %1, i64 8
  %17 = load ptr, ptr %16, align 8, !tbaa !5
  %18 = tail call i64 @strtol(ptr nocapture noundef nonnull %17, ptr noundef null, i32 noundef 10) #9
  br label %19

19:                                               ; preds = %11, %15
  %20 = phi i64 [ %18, %15 ], [ 1000, %11 ]
  tail call void %13(i64 noundef %20) #9
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4) #9
  %21 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #9
  %22 = getelementptr inbounds i8, ptr %4, i64 8
  %23 = call i32 @pthread_create(ptr noundef nonnull %22, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #9
  %24 = load i64, ptr %4, align 16, !tbaa !9
  %25 = call i32 @pthread_join(i64 noundef %24, ptr noundef null) #9
  %26 = load i64, ptr %22, align 8, !tbaa !9
  %27 = call i32 @pthread_join(i64 noundef %26, ptr noundef null) #9
  %28 = load i64, ptr @total, align 8, !tbaa !9
  %29 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %28)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4) #9
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  ret i32 0
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal fastcc void @insert(i32 noundef %0) unnamed_addr #1 {
  %2 = icmp sgt i32 %0, 0
  br i1 %2, label %3, label %5

3:                                                ; preds = %1
  %4 = zext i32 %0 to i64
  br label %6

5:                                                ; preds = %35, %1
  ret void

6:                                                ; preds = %3, %35
  %7 = phi i64 [ 0, %3 ], [ %40, %35 ]
  %8 = getelementptr inbounds %struct.def, ptr @defs, i64 %7
  %9 = getelementptr inbounds i8, ptr %8, i64 16
  %10 = load ptr, ptr %9, align 16, !tbaa !11
  %11 = load i8, ptr %10, align 1, !tbaa !13
  %12 = sext i8 %11 to i32
  %13 = urem i32 %12, 7
  %14 = zext i32 %13 to i64
  %15 = getelementptr inbounds [7 x ptr], ptr @table, i64 0, i64 %14
  %16 = load ptr, ptr %15, align 8, !tbaa !5
  %17 = icmp eq ptr %16, null
  br i1 %17, label %35, label %18

18:                                               ; preds = %6
  %19 = getelementptr inbounds i8, ptr %10, i64 1
  %20 = load i8, ptr %19, align 1, !tbaa !13
  br label %21

21:                                               ; preds = %18, %28
  %22 = phi ptr [ %16, %18 ], [ %30, %28 ]
  %23 = getelementptr inbounds i8, ptr %22, i64 16
  %24 = load ptr, ptr %23, align 8, !tbaa !11
  %25 = getelementptr inbounds i8, ptr %24, i64 1
  %26 = load i8, ptr %25, align 1, !tbaa !13
  %27 = icmp eq i8 %26, %20
  br i1 %27, label %32, label %28

28:                                               ; preds = %21
  %29 = getelementptr inbounds i8, ptr %22, i64 24
  %30 = load ptr, ptr %29, align 8, !tbaa !5
  %31 = icmp eq ptr %30, null
  br i1 %31, label %35, label %21, !llvm.loop !14

32:                                               ; preds = %21
  %33 = getelementptr inbounds i8, ptr %22, i64 8
  %34 = load ptr, ptr %33, align 8, !tbaa !16
  br label %35

35:                                               ; preds = %28, %6, %32
  %36 = phi i64 [ 8, %32 ], [ 24, %6 ], [ 24, %28 ]
  %37 = phi ptr [ %34, %32 ], [ %16, %6 ], [ %16, %28 ]
  %38 = phi ptr [ %33, %32 ], [ %15, %6 ], [ %15, %28 ]
  %39 = getelementptr inbounds i8, ptr %8, i64 %36
  store ptr %37, ptr %39, align 8, !tbaa !5
  store ptr %8, ptr %38, align 8, !tbaa !5
  %40 = add nuw nsw i64 %7, 1
  %41 = icmp eq i64 %40, %4
  br i1 %41, label %5, label %6, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal void @set_limit(i64 noundef %0) #3 {
  store i64 %0, ptr @limit, align 8, !tbaa !9
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal ptr @worker(ptr noundef %0) #0 {
  %2 = load i64, ptr @limit, align 8, !tbaa !9
  %3 = icmp sgt i64 %2, 0
  br i1 %3, label %4, label %8

4:                                                ; preds = %1
  %5 = ptrtoint ptr %0 to i64
  br label %10

6:                                                ; preds = %21
  %7 = inttoptr i64 %23 to ptr
  br label %8

8:                                                ; preds = %6, %1
  %9 = phi ptr [ null, %1 ], [ %7, %6 ]
  ret ptr %9

10:                                               ; preds = %4, %21
  %11 = phi i64 [ %2, %4 ], [ %22, %21 ]
  %12 = phi i64 [ 0, %4 ], [ %24, %21 ]
  %13 = phi i64 [ 0, %4 ], [ %23, %21 ]
  %14 = add nsw i64 %12, %5
  %15 = srem i64 %14, 7
  %16 = getelementptr inbounds [7 x ptr], ptr @table, i64 0, i64 %15
  %17 = load ptr, ptr %16, align 8, !tbaa !5
  %18 = icmp eq ptr %17, null
  br i1 %18, label %21, label %26

19:                                               ; preds = %26
  %20 = load i64, ptr @limit, align 8, !tbaa !9
  br label %21

21:                                               ; preds = %19, %10
  %22 = phi i64 [ %11, %10 ], [ %20, %19 ]
  %23 = phi i64 [ %13, %10 ], [ %31, %19 ]
  %24 = add nuw nsw i64 %12, 1
  %25 = icmp slt i64 %24, %22
  br i1 %25, label %10, label %6, !llvm.loop !18

26:                                               ; preds = %10, %26
  %27 = phi ptr [ %32, %26 ], [ %17, %10 ]
  %28 = phi i64 [ %31, %26 ], [ %13, %10 ]
  %29 = load ptr, ptr %27, align 8, !tbaa !19
  tail call void %29(i64 noundef %12) #9
  %30 = getelementptr inbounds i8, ptr %27, i64 24
  %31 = add nsw i64 %28, 1
  %32 = load ptr, ptr %30, align 8, !tbaa !5
  %33 = icmp eq ptr %32, null
  br i1 %33, label %19, label %26, !llvm.loop !20
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @add(i64 noundef %0) #7 {
  %2 = atomicrmw add ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @sub(i64 noundef %0) #7 {
  %2 = atomicrmw sub ptr @total, i64 %0 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #8

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nounwind }

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
!11 = !{!12, !6, i64 16}
!12 = !{!"def", !6, i64 0, !6, i64 8, !6, i64 16, !6, i64 24}
!13 = !{!7, !7, i64 0}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.mustprogress"}
!16 = !{!12, !6, i64 8}
!17 = distinct !{!17, !15}
!18 = distinct !{!18, !15}
!19 = !{!12, !6, i64 0}
!20 = distinct !{!20, !15}
