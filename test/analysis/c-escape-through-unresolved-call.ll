; An escape past an indirect call that the points-to analysis does not
; resolve names that call, and says why its targets are every function of
; its type: here the called pointer is exported (code the program cannot
; see may set it), so the solver falls back to the signature, and keep, one
; of the functions of that type whose address is taken, stores the pointer
; in a heap node. (c-escape-through-indirect-call.ll: a table the analysis
; resolves; the escape then names the call alone.)
;
;   struct node { long *counter; struct node *next; };
;   static struct node *list;
;   static long hits;
;   static void keep(long *p) { struct node *n = malloc(sizeof *n);
;                               n->counter = p; n->next = list; list = n; }
;   static void bump(long *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }
;   void (*hook)(long *);
;   static void *worker(void *arg) {
;     for (int k = 0; k < 1000; k++) hook(&hits);
;     return arg;
;   }
;   int main(int argc, char **argv) {
;     hook = argc > 1 ? keep : bump;
;     ... two threads run worker, main joins them and sums the list ...
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "escape":"address stored to memory in keep (reached through an indirect call in worker that the points-to analysis does not resolve: any function of its type)","name":"hits"
; CHECK: "indirect_calls": {"calls":1,"resolved":0,

; ModuleID = 'e.c'
source_filename = "e.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@hook = dso_local local_unnamed_addr global ptr null, align 8
@list = internal unnamed_addr global ptr null, align 8
@hits = internal global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  %4 = icmp sgt i32 %0, 1
  %5 = select i1 %4, ptr @keep, ptr @bump
  store ptr %5, ptr @hook, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #7
  %6 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #7
  %7 = getelementptr inbounds i8, ptr %3, i64 8
  %8 = call i32 @pthread_create(ptr noundef nonnull %7, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #7
  %9 = load i64, ptr %3, align 16, !tbaa !9
  %10 = call i32 @pthread_join(i64 noundef %9, ptr noundef null) #7
  %11 = load i64, ptr %7, align 8, !tbaa !9
  %12 = call i32 @pthread_join(i64 noundef %11, ptr noundef null) #7
  %13 = load ptr, ptr @list, align 8, !tbaa !5
  %14 = icmp eq ptr %13, null
  br i1 %14, label %18, label %20

15:                                               ; preds = %20
  %16 = trunc i64 %25 to i32
  %17 = and i32 %16, 1
  br label %18

18:                                               ; preds = %15, %2
  %19 = phi i32 [ 0, %2 ], [ %17, %15 ]
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #7
  ret i32 %19

20:                                               ; preds = %2, %20
  %21 = phi ptr [ %27, %20 ], [ %13, %2 ]
  %22 = phi i64 [ %25, %20 ], [ 0, %2 ]
  %23 = load ptr, ptr %21, align 8, !tbaa !11
  %24 = load i64, ptr %23, align 8, !tbaa !9
  %25 = add nsw i64 %24, %22
  %26 = getelementptr inbounds i8, ptr %21, i64 8
  %27 = load ptr, ptr %26, align 8, !tbaa !5
  %28 = icmp eq ptr %27, null
  br i1 %28, label %15, label %20, !llvm.loop !13
}

; Function Attrs: mustprogress nofree nounwind willreturn memory(readwrite, argmem: none) uwtable
define internal void @keep(ptr noundef %0) #1 {
  %2 = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #8
  store ptr %0, ptr %2, align 8, !tbaa !11
  %3 = load ptr, ptr @list, align 8, !tbaa !5
  %4 = getelementptr inbounds i8, ptr %2, i64 8
  store ptr %3, ptr %4, align 8, !tbaa !15
  store ptr %2, ptr @list, align 8, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) uwtable
define internal void @bump(ptr nocapture noundef %0) #2 {
  %2 = atomicrmw add ptr %0, i64 1 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef readnone returned %0) #0 {
  br label %3

2:                                                ; preds = %3
  ret ptr %0

3:                                                ; preds = %1, %3
  %4 = phi i32 [ 0, %1 ], [ %6, %3 ]
  %5 = load ptr, ptr @hook, align 8, !tbaa !5
  tail call void %5(ptr noundef nonnull @hits) #7
  %6 = add nuw nsw i32 %4, 1
  %7 = icmp eq i32 %6, 1000
  br i1 %7, label %2, label %3, !llvm.loop !16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #3

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #6

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nounwind willreturn memory(readwrite, argmem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }
attributes #8 = { nounwind allocsize(0) }

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
!12 = !{!"node", !6, i64 0, !6, i64 8}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!12, !6, i64 8}
!16 = distinct !{!16, !14}
