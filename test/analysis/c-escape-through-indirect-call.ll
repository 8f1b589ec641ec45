; An escape past an indirect call says which call handed the pointer on:
; the call's targets may be every function of a signature, so the function
; that stores the address may be one the caller never meant to reach.
; worker hands &hits to hooks[i & 1], whose targets are bump (an atomic
; increment) and keep (which stores the pointer in a heap node).
;
;   static long hits;
;   static void keep(long *p) { struct node *n = malloc(..); n->counter = p; ... }
;   static void bump(long *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }
;   static void (*hooks[2])(long *) = {bump, keep};
;   static void *worker(void *arg) {        /* two threads */
;     for (int k = 0; k < 1000; k++) hooks[(i + k) & 1](&hits);
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "class":"write-hot","escape":"address stored to memory in keep (reached through an indirect call in worker)","name":"hits"

; ModuleID = 'e.c'
source_filename = "e.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@list = internal unnamed_addr global ptr null, align 8
@hooks = internal unnamed_addr constant [2 x ptr] [ptr @bump, ptr @keep], align 16
@hits = internal global i64 0, align 8

define dso_local i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #7
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #7
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #7
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call7 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #7
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !5
  %call7.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #7
  %2 = load ptr, ptr @list, align 8, !tbaa !9
  %cmp11 = icmp eq ptr %2, null
  %conv = zext i1 %cmp11 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #7
  ret i32 %conv
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noundef ptr @worker(ptr noundef %arg) #0 {
entry:
  %0 = ptrtoint ptr %arg to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  %add = add nsw i64 %indvars.iv, %0
  %and = and i64 %add, 1
  %arrayidx = getelementptr inbounds [2 x ptr], ptr @hooks, i64 0, i64 %and
  %1 = load ptr, ptr %arrayidx, align 8, !tbaa !9
  tail call void %1(ptr noundef nonnull @hits) #7
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #3

define internal void @bump(ptr nocapture noundef %p) #4 {
entry:
  %0 = atomicrmw add ptr %p, i64 1 monotonic, align 8
  ret void
}

define internal void @keep(ptr noundef %p) #5 {
entry:
  %call = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #8
  store ptr %p, ptr %call, align 8, !tbaa !13
  %0 = load ptr, ptr @list, align 8, !tbaa !9
  %next = getelementptr inbounds i8, ptr %call, i64 8
  store ptr %0, ptr %next, align 8, !tbaa !15
  store ptr %call, ptr @list, align 8, !tbaa !9
  ret void
}

declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #6

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree nounwind willreturn memory(readwrite, argmem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!14, !10, i64 0}
!14 = !{!"node", !10, i64 0, !10, i64 8}
!15 = !{!14, !10, i64 8}
