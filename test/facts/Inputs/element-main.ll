; The array and its threads (test/facts/element-callee-two-tu.test): each
; worker locks the slot of a hash through lock_slot(), defined in another TU.
; ModuleID = 'tu1.c'
source_filename = "tu1.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@counts = internal unnamed_addr global [8 x i64] zeroinitializer, align 16
@locks = internal global [8 x %union.pthread_mutex_t] zeroinitializer, align 16

define dso_local i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #4
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #4
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #4
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call7 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #4
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !5
  %call7.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #4
  %2 = load i64, ptr @counts, align 16, !tbaa !5
  %conv = trunc i64 %2 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #4
  ret i32 %conv
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noalias noundef ptr @worker(ptr noundef %arg) #0 {
entry:
  %0 = ptrtoint ptr %arg to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %i.010 = phi i64 [ 0, %entry ], [ %inc5, %for.body ]
  %add = add i64 %i.010, %0
  %rem = and i64 %add, 7
  %arrayidx = getelementptr inbounds [8 x %union.pthread_mutex_t], ptr @locks, i64 0, i64 %rem
  tail call void @lock_slot(ptr noundef nonnull %arrayidx) #4
  %arrayidx2 = getelementptr inbounds [8 x i64], ptr @counts, i64 0, i64 %rem
  %1 = load i64, ptr %arrayidx2, align 8, !tbaa !5
  %inc = add nsw i64 %1, 1
  store i64 %inc, ptr %arrayidx2, align 8, !tbaa !5
  tail call void @unlock_slot(ptr noundef nonnull %arrayidx) #4
  %inc5 = add nuw nsw i64 %i.010, 1
  %exitcond.not = icmp eq i64 %inc5, 100000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #3

declare void @lock_slot(ptr noundef) local_unnamed_addr #3

declare void @unlock_slot(ptr noundef) local_unnamed_addr #3

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

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
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
