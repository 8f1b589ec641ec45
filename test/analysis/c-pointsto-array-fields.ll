; Points-to: an array of structs indexed by a variable keeps its fields apart
; (one location per field for all the elements, the array's stride from the
; index's scale). The command table pairs each command's start-up hook with
; its run hook; the workers call cmds[k].run through a variable index. The
; call reaches the run field only (run_add, run_sub), never an init hook or a
; name: init_limit and init_scale run from main alone, so limit and scale are
; read-mostly. (With the array collapsed into one location, its name strings
; made the call reach code the analysis cannot name; the signature fallback
; then gave it every void(long) function, the init hooks too, and limit and
; scale came out write-hot.)
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct cmd { const char *name; void (*init)(long); void (*run)(long); };
;   static long limit, scale, total;
;   static void init_limit(long v) { limit = v; }
;   static void init_scale(long v) { scale = v; }
;   static void run_add(long v) { __atomic_fetch_add(&total, v * scale, __ATOMIC_RELAXED); }
;   static void run_sub(long v) { __atomic_fetch_sub(&total, v, __ATOMIC_RELAXED); }
;   static const struct cmd cmds[] = {
;     {"add", init_limit, run_add},
;     {"sub", init_scale, run_sub},
;   };
;   static void *worker(void *a) {
;     long k = (long)a;
;     for (long i = 0; i < limit; ++i)
;       cmds[(i + k) & 1].run(i);
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     for (int i = 0; i < 2; ++i)
;       cmds[i].init(argc > i + 1 ? atol(argv[i + 1]) : 1000 * (i + 1));
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%s %ld\n", cmds[0].name, total);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "indirect_calls": {"calls":1,"resolved":1,
; CHECK-DAG: "class":"read-mostly","name":"limit",
; CHECK-DAG: "class":"read-mostly","name":"scale",
; CHECK-DAG: "class":"write-hot","name":"total",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.cmd = type { ptr, ptr, ptr }

@cmds = internal unnamed_addr constant [2 x %struct.cmd] [%struct.cmd { ptr @.str.1, ptr @init_limit, ptr @run_add }, %struct.cmd { ptr @.str.2, ptr @init_scale, ptr @run_sub }], align 16
@.str = private unnamed_addr constant [8 x i8] c"%s %ld\0A\00", align 1
@total = internal global i64 0, align 8
@.str.1 = private unnamed_addr constant [4 x i8] c"add\00", align 1
@.str.2 = private unnamed_addr constant [4 x i8] c"sub\00", align 1
@limit = internal unnamed_addr global i64 0, align 8
@scale = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readonly %argv) local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  %cmp1 = icmp sgt i32 %argc, 1
  br i1 %cmp1, label %cond.end, label %cond.end.thread

cond.end.thread:                                  ; preds = %entry
  store i64 1000, ptr @limit, align 8, !tbaa !5
  br label %cond.end.1

cond.end:                                         ; preds = %entry
  %arrayidx4 = getelementptr inbounds i8, ptr %argv, i64 8
  %0 = load ptr, ptr %arrayidx4, align 8, !tbaa !9
  %call.i = tail call i64 @strtol(ptr nocapture noundef nonnull %0, ptr noundef null, i32 noundef 10) #8
  store i64 %call.i, ptr @limit, align 8, !tbaa !5
  %cmp1.1.not = icmp eq i32 %argc, 2
  br i1 %cmp1.1.not, label %cond.end.1, label %cond.true.1

cond.true.1:                                      ; preds = %cond.end
  %arrayidx4.1 = getelementptr inbounds i8, ptr %argv, i64 16
  %1 = load ptr, ptr %arrayidx4.1, align 8, !tbaa !9
  %call.i.1 = tail call i64 @strtol(ptr nocapture noundef nonnull %1, ptr noundef null, i32 noundef 10) #8
  br label %cond.end.1

cond.end.1:                                       ; preds = %cond.end, %cond.end.thread, %cond.true.1
  %cond.1 = phi i64 [ %call.i.1, %cond.true.1 ], [ 2000, %cond.end.thread ], [ 2000, %cond.end ]
  store i64 %cond.1, ptr @scale, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #8
  %call13 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #8
  %arrayidx12.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call13.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx12.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #8
  %2 = load i64, ptr %t, align 16, !tbaa !5
  %call25 = call i32 @pthread_join(i64 noundef %2, ptr noundef null) #8
  %3 = load i64, ptr %arrayidx12.1, align 8, !tbaa !5
  %call25.1 = call i32 @pthread_join(i64 noundef %3, ptr noundef null) #8
  %4 = load i64, ptr @total, align 8, !tbaa !5
  %call29 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, ptr noundef nonnull @.str.1, i64 noundef %4)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #8
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef %a) #0 {
entry:
  %0 = ptrtoint ptr %a to i64
  %1 = load i64, ptr @limit, align 8, !tbaa !5
  %cmp4 = icmp sgt i64 %1, 0
  br i1 %cmp4, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %i.05 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %add = add nsw i64 %i.05, %0
  %and = and i64 %add, 1
  %run = getelementptr inbounds [2 x %struct.cmd], ptr @cmds, i64 0, i64 %and, i32 2
  %2 = load ptr, ptr %run, align 8, !tbaa !11
  tail call void %2(i64 noundef %i.05) #8
  %inc = add nuw nsw i64 %i.05, 1
  %3 = load i64, ptr @limit, align 8, !tbaa !5
  %cmp = icmp slt i64 %inc, %3
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !13
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #3

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #4

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal void @init_limit(i64 noundef %v) #5 {
entry:
  store i64 %v, ptr @limit, align 8, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @run_add(i64 noundef %v) #6 {
entry:
  %0 = load i64, ptr @scale, align 8, !tbaa !5
  %mul = mul nsw i64 %0, %v
  %1 = atomicrmw add ptr @total, i64 %mul monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable
define internal void @init_scale(i64 noundef %v) #5 {
entry:
  store i64 %v, ptr @scale, align 8, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @run_sub(i64 noundef %v) #6 {
entry:
  %0 = atomicrmw sub ptr @total, i64 %v monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }

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
!11 = !{!12, !10, i64 16}
!12 = !{!"cmd", !10, i64 0, !10, i64 8, !10, i64 16}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
