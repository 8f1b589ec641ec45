; Allocation wrappers in a chain, returning their memory past a header:
; with_header returns malloc's memory 16 bytes in, xmalloc returns what
; with_header does; each call of xmalloc is an object of its own, at offset
; 16, and each indirect call reaches exactly its function (2 targets; 4
; when the calls shared one object).
;
;   __attribute__((noinline)) static void *with_header(size_t n) {
;     size_t *p = malloc(n + 16);
;     if (!p) return 0;
;     p[0] = n;
;     return (char *)p + 16;
;   }
;   __attribute__((noinline)) static void *xmalloc(size_t n) {
;     void *p = with_header(n);
;     if (!p) abort();
;     return p;
;   }
;   ... setup, go and main as in c-pointsto-allocation-wrapper.ll (main frees
;   (char *)first - 16 and (char *)second - 16) ...
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "indirect_calls": {"calls":2,"resolved":2,"signature_targets":4,"targets":2}

; ModuleID = 'c.c'
source_filename = "c.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@first = internal unnamed_addr global ptr null, align 8
@second = internal unnamed_addr global ptr null, align 8
@.str = private unnamed_addr constant [6 x i8] c"a %d\0A\00", align 1
@.str.1 = private unnamed_addr constant [6 x i8] c"b %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  tail call fastcc void @setup()
  tail call fastcc void @go(i32 noundef %0)
  %3 = load ptr, ptr @first, align 8, !tbaa !5
  %4 = getelementptr inbounds i8, ptr %3, i64 -16
  tail call void @free(ptr noundef nonnull %4) #8
  %5 = load ptr, ptr @second, align 8, !tbaa !5
  %6 = getelementptr inbounds i8, ptr %5, i64 -16
  tail call void @free(ptr noundef nonnull %6) #8
  ret i32 0
}

; Function Attrs: noinline nounwind uwtable
define internal fastcc void @setup() unnamed_addr #1 {
  %1 = tail call fastcc ptr @xmalloc()
  store ptr %1, ptr @first, align 8, !tbaa !5
  %2 = tail call fastcc ptr @xmalloc()
  store ptr %2, ptr @second, align 8, !tbaa !5
  %3 = load ptr, ptr @first, align 8, !tbaa !5
  store ptr @say_a, ptr %3, align 8, !tbaa !9
  store ptr @say_b, ptr %2, align 8, !tbaa !9
  ret void
}

; Function Attrs: noinline nounwind uwtable
define internal fastcc void @go(i32 noundef %0) unnamed_addr #1 {
  %2 = load ptr, ptr @first, align 8, !tbaa !5
  %3 = load ptr, ptr %2, align 8, !tbaa !9
  tail call void %3(i32 noundef %0) #8
  %4 = load ptr, ptr @second, align 8, !tbaa !5
  %5 = load ptr, ptr %4, align 8, !tbaa !9
  %6 = add nsw i32 %0, 1
  tail call void %5(i32 noundef %6) #8
  ret void
}

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind uwtable
define internal fastcc noalias ptr @xmalloc() unnamed_addr #1 {
  %1 = tail call fastcc ptr @with_header()
  %2 = icmp eq ptr %1, null
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  tail call void @abort() #9
  unreachable

4:                                                ; preds = %0
  ret ptr %1
}

; Function Attrs: nofree nounwind uwtable
define internal void @say_a(i32 noundef %0) #3 {
  %2 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %0)
  ret void
}

; Function Attrs: nofree nounwind uwtable
define internal void @say_b(i32 noundef %0) #3 {
  %2 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %0)
  ret void
}

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable
define internal fastcc noalias ptr @with_header() unnamed_addr #4 {
  %1 = tail call noalias dereferenceable_or_null(32) ptr @malloc(i64 noundef 32) #10
  %2 = icmp eq ptr %1, null
  br i1 %2, label %5, label %3

3:                                                ; preds = %0
  store i64 16, ptr %1, align 8, !tbaa !12
  %4 = getelementptr inbounds i8, ptr %1, i64 16
  br label %5

5:                                                ; preds = %0, %3
  %6 = phi ptr [ %4, %3 ], [ null, %0 ]
  ret ptr %6
}

; Function Attrs: noreturn nounwind
declare void @abort() local_unnamed_addr #5

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { noreturn nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }
attributes #9 = { noreturn nounwind }
attributes #10 = { nounwind allocsize(0) }

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
!9 = !{!10, !6, i64 0}
!10 = !{!"ops", !6, i64 0, !11, i64 8}
!11 = !{!"int", !7, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !7, i64 0}
