; Allocation sites the element padding leaves alone, each with its reason:
; arrays whose elements different threads write, but that are sorted,
; copied whole or reached through a pointer variable that may hold other
; addresses, and memory allocated while threads run (one object per
; request: padding would cost memory per object).
;
;   static long *sorted;  // each thread its element, then qsort: refused
;   static long *grown;   // each thread its element, then realloc: refused
;   static long *copied;  // each thread its element, then memcpy: refused
;   static long *either;  // one of two allocations: its loads not followed
;   static long rounds = 1000;
;   __attribute__((noinline)) static long consume(long *req, long id) {
;     long v = req[id & 3]; free(req); return v;
;   }
;   static int cmp(const void *x, const void *y) {
;     return *(const long *)x < *(const long *)y;
;   }
;   static void *worker(void *p) {
;     long id = (long)p;
;     for (long i = 0; i < rounds; ++i) {
;       sorted[id] += i; grown[id] += i; copied[id] += i; either[id] += i;
;       long *req = malloc(4 * sizeof *req); // one per request: refused
;       req[id & 3] = i;
;       sorted[id] += consume(req, id);
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     long n = argc;
;     sorted = calloc(n, sizeof *sorted);
;     grown = calloc(n, sizeof *grown);
;     copied = calloc(n, sizeof *copied);
;     either = calloc(n, sizeof *either);
;     if (argc > 3) either = malloc(n * sizeof *either);
;     pthread_t t[8];
;     for (long i = 0; i < n && i < 8; ++i)
;       pthread_create(&t[i], 0, worker, (void *)i);
;     for (long i = 0; i < n && i < 8; ++i) pthread_join(t[i], 0);
;     qsort(sorted, n, sizeof *sorted, cmp);
;     grown = realloc(grown, 2 * n * sizeof *grown);
;     long *copy = malloc(n * sizeof *copy);
;     memcpy(copy, copied, n * sizeof *copy);
;     long r = sorted[0] + grown[0] + copy[0] + either[0];
;     free(copy);
;     return r == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks-missed=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.json
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
; RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
;
; -cacheline-pad-run-time-allocations lets the per-request site be padded
; where nothing else refuses it: here its element escapes into consume.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-pad-run-time-allocations -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.rt.json -disable-output %s
; RUN: FileCheck %s --check-prefix=RUNTIME --input-file=%t.rt.json
; RUN: env CACHELINE_LAYOUT_PAD_RUN_TIME_ALLOCATIONS=maybe not %opt -load-pass-plugin=%plugin -passes=cacheline-layout -disable-output %s 2>%t.err
; RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
; RUNTIME: {"allocated":"run-time","allocator":"malloc",{{.*}}"function":"worker","inner_layout":"not rewritten: reaches beyond one element: load in consume
; BAD: error: cacheline-layout: CACHELINE_LAYOUT_PAD_RUN_TIME_ALLOCATIONS: invalid value 'maybe': expected 0 or 1

; CHECK: "allocations": [
; CHECK-NEXT: {"allocated":"start-up","allocator":"calloc","call":0,"call_path":["main"],"class":"write-hot",{{.*}}"held_by":["sorted"],"inner_layout":"not rewritten: whole array passed: qsort() in main after its loops (shut-down)",
; CHECK-NEXT: {"allocated":"start-up","allocator":"calloc","call":1,"call_path":["main"],"class":"write-hot",{{.*}}"inner_layout":"not rewritten: places not followed: the pointer variable grown may hold other addresses too",
; CHECK-NEXT: {"allocated":"start-up","allocator":"calloc","call":2,"call_path":["main"],"class":"write-hot",{{.*}}"held_by":["copied"],"inner_layout":"not rewritten: whole array passed: llvm.memcpy.p0.p0.i64() in main after its loops (shut-down)",
; CHECK-NEXT: {"allocated":"start-up","allocator":"calloc","call":3,"call_path":["main"],"class":"write-hot",{{.*}}"inner_layout":"not rewritten: places not followed: the pointer variable either may hold other addresses too",
; CHECK-NEXT: {"allocated":"start-up","allocator":"malloc","call":4,"call_path":["main"],"class":"write-hot",{{.*}}"inner_layout":"not rewritten: places not followed: the pointer variable either may hold other addresses too",
; CHECK-NEXT: {"allocated":"shut-down","allocator":"malloc","call":8,"call_path":["main"],"class":"read-mostly",
; CHECK-NOT: inner_layout
; CHECK-SAME: }
; CHECK-NEXT: {"allocated":"run-time","allocator":"malloc","call":0,"call_path":["worker"],"class":"write-hot",{{.*}}"function":"worker","inner_layout":"not rewritten: allocated while threads run (malloc() in worker (thread entry) in a loop), perhaps once per request: padding would cost memory per object (-cacheline-pad-run-time-allocations allows it)",
; CHECK-NEXT: ],
; CHECK-NOT: slot_size

; REMARK: remark: <unknown>:0:0: allocation by calloc in main: not rewritten: whole array passed: qsort()
; REMARK: remark: <unknown>:0:0: allocation by malloc in worker: not rewritten: allocated while threads run

; IR-NOT: aligned_alloc

; ModuleID = 'heap_refuse.c'
source_filename = "heap_refuse.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@sorted = internal unnamed_addr global ptr null, align 8
@grown = internal unnamed_addr global ptr null, align 8
@copied = internal unnamed_addr global ptr null, align 8
@either = internal unnamed_addr global ptr null, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [8 x i64], align 16
  %4 = sext i32 %0 to i64
  %5 = tail call noalias ptr @calloc(i64 noundef %4, i64 noundef 8) #13
  store ptr %5, ptr @sorted, align 8, !tbaa !5
  %6 = tail call noalias ptr @calloc(i64 noundef %4, i64 noundef 8) #13
  store ptr %6, ptr @grown, align 8, !tbaa !5
  %7 = tail call noalias ptr @calloc(i64 noundef %4, i64 noundef 8) #13
  store ptr %7, ptr @copied, align 8, !tbaa !5
  %8 = tail call noalias ptr @calloc(i64 noundef %4, i64 noundef 8) #13
  store ptr %8, ptr @either, align 8, !tbaa !5
  %9 = icmp sgt i32 %0, 3
  br i1 %9, label %10, label %13

10:                                               ; preds = %2
  %11 = shl nsw i64 %4, 3
  %12 = tail call noalias ptr @malloc(i64 noundef %11) #14
  store ptr %12, ptr @either, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %3) #15
  br label %15

13:                                               ; preds = %2
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %3) #15
  %14 = icmp sgt i32 %0, 0
  br i1 %14, label %15, label %28

15:                                               ; preds = %10, %13
  %16 = add nsw i64 %4, -1
  %17 = tail call i64 @llvm.umin.i64(i64 %16, i64 7)
  br label %21

18:                                               ; preds = %21
  %19 = add nsw i64 %4, -1
  %20 = call i64 @llvm.umin.i64(i64 %19, i64 7)
  br label %47

21:                                               ; preds = %15, %21
  %22 = phi i64 [ %26, %21 ], [ 0, %15 ]
  %23 = getelementptr inbounds [8 x i64], ptr %3, i64 0, i64 %22
  %24 = inttoptr i64 %22 to ptr
  %25 = call i32 @pthread_create(ptr noundef nonnull %23, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %24) #15
  %26 = add nsw i64 %22, 1
  %27 = icmp eq i64 %22, %17
  br i1 %27, label %18, label %21, !llvm.loop !9

28:                                               ; preds = %47, %13
  %29 = load ptr, ptr @sorted, align 8, !tbaa !5
  call void @qsort(ptr noundef %29, i64 noundef %4, i64 noundef 8, ptr noundef nonnull @cmp) #15
  %30 = load ptr, ptr @grown, align 8, !tbaa !5
  %31 = shl nsw i64 %4, 4
  %32 = call ptr @realloc(ptr noundef %30, i64 noundef %31) #16
  store ptr %32, ptr @grown, align 8, !tbaa !5
  %33 = shl nsw i64 %4, 3
  %34 = call noalias ptr @malloc(i64 noundef %33) #14
  %35 = load ptr, ptr @copied, align 8, !tbaa !5
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %34, ptr align 8 %35, i64 %33, i1 false)
  %36 = load ptr, ptr @sorted, align 8, !tbaa !5
  %37 = load i64, ptr %36, align 8, !tbaa !11
  %38 = load i64, ptr %32, align 8, !tbaa !11
  %39 = add nsw i64 %38, %37
  %40 = load i64, ptr %34, align 8, !tbaa !11
  %41 = add nsw i64 %39, %40
  %42 = load ptr, ptr @either, align 8, !tbaa !5
  %43 = load i64, ptr %42, align 8, !tbaa !11
  call void @free(ptr noundef %34) #15
  %44 = sub i64 0, %43
  %45 = icmp eq i64 %41, %44
  %46 = zext i1 %45 to i32
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %3) #15
  ret i32 %46

47:                                               ; preds = %18, %47
  %48 = phi i64 [ %52, %47 ], [ 0, %18 ]
  %49 = getelementptr inbounds [8 x i64], ptr %3, i64 0, i64 %48
  %50 = load i64, ptr %49, align 8, !tbaa !11
  %51 = call i32 @pthread_join(i64 noundef %50, ptr noundef null) #15
  %52 = add nsw i64 %48, 1
  %53 = icmp eq i64 %48, %20
  br i1 %53, label %28, label %47, !llvm.loop !13
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @calloc(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #3

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal noalias noundef ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  %3 = load ptr, ptr @sorted, align 8, !tbaa !5
  %4 = getelementptr inbounds i64, ptr %3, i64 %2
  %5 = load ptr, ptr @grown, align 8, !tbaa !5
  %6 = getelementptr inbounds i64, ptr %5, i64 %2
  %7 = load ptr, ptr @copied, align 8, !tbaa !5
  %8 = getelementptr inbounds i64, ptr %7, i64 %2
  %9 = load ptr, ptr @either, align 8, !tbaa !5
  %10 = getelementptr inbounds i64, ptr %9, i64 %2
  %11 = and i64 %2, 3
  %12 = load i64, ptr %4, align 8, !tbaa !11
  br label %14

13:                                               ; preds = %14
  ret ptr null

14:                                               ; preds = %1, %14
  %15 = phi i64 [ %12, %1 ], [ %28, %14 ]
  %16 = phi i64 [ 0, %1 ], [ %29, %14 ]
  %17 = add nsw i64 %15, %16
  store i64 %17, ptr %4, align 8, !tbaa !11
  %18 = load i64, ptr %6, align 8, !tbaa !11
  %19 = add nsw i64 %18, %16
  store i64 %19, ptr %6, align 8, !tbaa !11
  %20 = load i64, ptr %8, align 8, !tbaa !11
  %21 = add nsw i64 %20, %16
  store i64 %21, ptr %8, align 8, !tbaa !11
  %22 = load i64, ptr %10, align 8, !tbaa !11
  %23 = add nsw i64 %22, %16
  store i64 %23, ptr %10, align 8, !tbaa !11
  %24 = tail call noalias dereferenceable_or_null(32) ptr @malloc(i64 noundef 32) #14
  %25 = getelementptr inbounds i64, ptr %24, i64 %11
  store i64 %16, ptr %25, align 8, !tbaa !11
  %26 = tail call fastcc i64 @consume(ptr noundef %24, i64 noundef %2)
  %27 = load i64, ptr %4, align 8, !tbaa !11
  %28 = add nsw i64 %27, %26
  store i64 %28, ptr %4, align 8, !tbaa !11
  %29 = add nsw i64 %16, 1
  %30 = icmp eq i64 %29, 1000
  br i1 %30, label %13, label %14, !llvm.loop !14
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nofree
declare void @qsort(ptr noundef, i64 noundef, i64 noundef, ptr nocapture noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define internal i32 @cmp(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1) #7 {
  %3 = load i64, ptr %0, align 8, !tbaa !11
  %4 = load i64, ptr %1, align 8, !tbaa !11
  %5 = icmp slt i64 %3, %4
  %6 = zext i1 %5 to i32
  ret i32 %6
}

; Function Attrs: mustprogress nounwind willreturn allockind("realloc") allocsize(1) memory(argmem: readwrite, inaccessiblemem: readwrite)
declare noalias noundef ptr @realloc(ptr allocptr nocapture noundef, i64 noundef) local_unnamed_addr #8

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #9

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #10

; Function Attrs: mustprogress noinline nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) uwtable
define internal fastcc i64 @consume(ptr nocapture noundef %0, i64 noundef %1) unnamed_addr #11 {
  %3 = and i64 %1, 3
  %4 = getelementptr inbounds i64, ptr %0, i64 %3
  %5 = load i64, ptr %4, align 8, !tbaa !11
  tail call void @free(ptr noundef %0) #15
  ret i64 %5
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #12

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nounwind willreturn allockind("realloc") allocsize(1) memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #10 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { mustprogress noinline nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #13 = { nounwind allocsize(0,1) }
attributes #14 = { nounwind allocsize(0) }
attributes #15 = { nounwind }
attributes #16 = { nounwind allocsize(1) }

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
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
