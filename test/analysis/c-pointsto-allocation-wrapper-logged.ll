; An allocation wrapper may hand its pointer to a library function whose
; known effect moves no pointer (here fprintf printing it with a constant
; "%p"): the call's effect is the caller's own statement, none here, so
; xmalloc is still a wrapper and each indirect call reaches exactly its
; object's function (2 targets; 4 if its calls shared one object). An
; unknown function that may keep the pointer makes it escape, and the
; function no wrapper.
;
;   __attribute__((noinline)) static void *xmalloc(size_t n) {
;     void *p = malloc(n);
;     if (!p) abort();
;     fprintf(stderr, "alloc %p\n", p);
;     return p;
;   }
;   ... the rest as in c-pointsto-allocation-wrapper.ll ...
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "indirect_calls": {"calls":2,"resolved":2,"signature_targets":4,"targets":2}

; ModuleID = 'l.c'
source_filename = "l.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@first = internal unnamed_addr global ptr null, align 8
@second = internal unnamed_addr global ptr null, align 8
@stderr = external local_unnamed_addr global ptr, align 8
@.str = private unnamed_addr constant [10 x i8] c"alloc %p\0A\00", align 1
@.str.1 = private unnamed_addr constant [6 x i8] c"a %d\0A\00", align 1
@.str.2 = private unnamed_addr constant [6 x i8] c"b %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  tail call fastcc void @setup()
  tail call fastcc void @go(i32 noundef %0)
  %3 = load ptr, ptr @first, align 8, !tbaa !5
  tail call void @free(ptr noundef %3) #7
  %4 = load ptr, ptr @second, align 8, !tbaa !5
  tail call void @free(ptr noundef %4) #7
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
  tail call void %3(i32 noundef %0) #7
  %4 = load ptr, ptr @second, align 8, !tbaa !5
  %5 = load ptr, ptr %4, align 8, !tbaa !9
  %6 = add nsw i32 %0, 1
  tail call void %5(i32 noundef %6) #7
  ret void
}

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind uwtable
define internal fastcc noundef ptr @xmalloc() unnamed_addr #1 {
  %1 = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #8
  %2 = icmp eq ptr %1, null
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  tail call void @abort() #9
  unreachable

4:                                                ; preds = %0
  %5 = load ptr, ptr @stderr, align 8, !tbaa !5
  %6 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %5, ptr noundef nonnull @.str, ptr noundef nonnull %1) #10
  ret ptr %1
}

; Function Attrs: nofree nounwind uwtable
define internal void @say_a(i32 noundef %0) #3 {
  %2 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %0)
  ret void
}

; Function Attrs: nofree nounwind uwtable
define internal void @say_b(i32 noundef %0) #3 {
  %2 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, i32 noundef %0)
  ret void
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #4

; Function Attrs: noreturn nounwind
declare void @abort() local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(ptr nocapture noundef, ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { noreturn nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }
attributes #8 = { nounwind allocsize(0) }
attributes #9 = { noreturn nounwind }
attributes #10 = { cold nounwind }

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
