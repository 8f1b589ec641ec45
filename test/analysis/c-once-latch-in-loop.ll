; A latch (OnceRegions.h): the block that sets a flag that nothing sets
; back, behind a test of the flag inside a loop, runs at most once per
; thread when no path leads from it back to it but through the test. The
; worker's loop switches a fallback off for good when the fast path reports
; ENOSYS (use_fast) and prints a warning once (warned): both sets are
; latches, so both flags are read-mostly, read on every iteration. (With
; the plugin before this rule use_fast was write-hot, "store in worker
; (thread entry) in a loop", and warned read-mostly only by its static
; rate.) Not latches: dirty, which the flusher sets back behind the
; opposite test (a flag that goes back is tested over and over), and seen,
; whose set is in a loop of its own inside the region (it repeats without
; passing the test): both stay write-hot. memcached's drive_machine has
; the use_fast shape (use_accept4, cleared when accept4 fails with ENOSYS).
;
;   #include <errno.h>
;   #include <pthread.h>
;   #include <stdio.h>
;
;   static int use_fast = 1, warned, dirty, seen, stop;
;   static long total, flushes;
;
;   __attribute__((noinline)) static long fetch(long i) {
;     if (use_fast) {
;       if (i == 500000) {
;         errno = ENOSYS;
;         return -1;
;       }
;       return i & 7;
;     }
;     return i % 1000 == 999 ? -1 : i & 7;
;   }
;
;   __attribute__((noinline)) static long probe(long i) {
;     return seen ? i & 1 : i & 3;
;   }
;
;   static void *worker(void *arg) {
;     long sum = 0;
;     for (long i = 0; i < 1000000; i++) {
;       long v = fetch(i);
;       if (v < 0) {
;         if (use_fast && errno == ENOSYS) {
;           use_fast = 0;
;           continue;
;         }
;         if (!warned) {
;           warned = 1;
;           fputs("negative value\n", stderr);
;         }
;         continue;
;       }
;       if (!dirty)
;         dirty = 1;
;       if (!seen && probe(i) == 3) {
;         long j = i;
;         do {
;           seen = 1;
;           sum += probe(j);
;         } while (++j % 5);
;       }
;       sum += v;
;     }
;     __atomic_fetch_add(&total, sum, __ATOMIC_RELAXED);
;     return arg;
;   }
;
;   static void *flusher(void *arg) {
;     while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE))
;       if (dirty) {
;         dirty = 0;
;         flushes++;
;       }
;     return arg;
;   }
;
;   int main(void) {
;     pthread_t t[3];
;     pthread_create(&t[2], 0, flusher, 0);
;     for (int i = 0; i < 2; i++)
;       pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++)
;       pthread_join(t[i], 0);
;     __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
;     pthread_join(t[2], 0);
;     printf("%ld\n", total);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='internalize,cacheline-layout,verify' -internalize-public-api-list=main -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --input-file=%t.layout
; CHECK-DAG: "class":"read-mostly",{{.*}}"name":"use_fast",{{.*}}"reason":"written only at start-up (store in worker once, behind the init flag use_fast in a loop); read by
; CHECK-DAG: "class":"read-mostly",{{.*}}"name":"warned",{{.*}}"reason":"written only at start-up (store in worker once, behind the init flag warned in a loop); read by
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"dirty",
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"seen",{{.*}}"reason":"written while threads run: store in worker (thread entry) in a loop"

; ModuleID = 'latch.c'
source_filename = "latch.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@stop = internal unnamed_addr global i32 0, align 4
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@total = internal global i64 0, align 8
@dirty = internal unnamed_addr global i1 false, align 4
@flushes = internal unnamed_addr global i64 0, align 8
@use_fast = internal unnamed_addr global i1 false, align 4
@warned = internal unnamed_addr global i1 false, align 4
@.str.1 = private unnamed_addr constant [16 x i8] c"negative value\0A\00", align 1
@stderr = external local_unnamed_addr global ptr, align 8
@seen = internal unnamed_addr global i1 false, align 4

define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [3 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %t) #11
  %arrayidx = getelementptr inbounds i8, ptr %t, i64 16
  %call = call i32 @pthread_create(ptr noundef nonnull %arrayidx, ptr noundef null, ptr noundef nonnull @flusher, ptr noundef null) #11
  %call2 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #11
  %arrayidx1.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call2.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx1.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #11
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call10 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #11
  %1 = load i64, ptr %arrayidx1.1, align 8, !tbaa !5
  %call10.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #11
  store atomic i32 1, ptr @stop release, align 4
  %2 = load i64, ptr %arrayidx, align 16, !tbaa !5
  %call15 = call i32 @pthread_join(i64 noundef %2, ptr noundef null) #11
  %3 = load i64, ptr @total, align 8, !tbaa !5
  %call16 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %3)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %t) #11
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noundef ptr @flusher(ptr noundef readnone returned %arg) #3 {
entry:
  %0 = load atomic i32, ptr @stop acquire, align 4
  %tobool.not2 = icmp eq i32 %0, 0
  br i1 %tobool.not2, label %while.body, label %while.end

while.body:                                       ; preds = %entry, %if.end
  %.b = load i1, ptr @dirty, align 4
  br i1 %.b, label %if.then, label %if.end

if.then:                                          ; preds = %while.body
  store i1 false, ptr @dirty, align 4
  %1 = load i64, ptr @flushes, align 8, !tbaa !5
  %inc = add nsw i64 %1, 1
  store i64 %inc, ptr @flushes, align 8, !tbaa !5
  br label %if.end

if.end:                                           ; preds = %if.then, %while.body
  %2 = load atomic i32, ptr @stop acquire, align 4
  %tobool.not = icmp eq i32 %2, 0
  br i1 %tobool.not, label %while.body, label %while.end, !llvm.loop !9

while.end:                                        ; preds = %if.end, %entry
  ret ptr %arg
}

define internal noundef ptr @worker(ptr noundef readnone returned %arg) #4 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %cleanup
  %0 = atomicrmw add ptr @total, i64 %sum.3 monotonic, align 8
  ret ptr %arg

for.body:                                         ; preds = %entry, %cleanup
  %sum.038 = phi i64 [ 0, %entry ], [ %sum.3, %cleanup ]
  %i.036 = phi i64 [ 0, %entry ], [ %inc22, %cleanup ]
  %call = tail call fastcc i64 @fetch(i64 noundef %i.036)
  %cmp1 = icmp slt i64 %call, 0
  br i1 %cmp1, label %if.then, label %if.end9

if.then:                                          ; preds = %for.body
  %.b33 = load i1, ptr @use_fast, align 4
  br i1 %.b33, label %if.end, label %land.lhs.true

land.lhs.true:                                    ; preds = %if.then
  %call2 = tail call ptr @__errno_location() #12
  %1 = load i32, ptr %call2, align 4, !tbaa !11
  %cmp3 = icmp eq i32 %1, 38
  br i1 %cmp3, label %if.then4, label %if.end

if.then4:                                         ; preds = %land.lhs.true
  store i1 true, ptr @use_fast, align 4
  br label %cleanup

if.end:                                           ; preds = %land.lhs.true, %if.then
  %.b34 = load i1, ptr @warned, align 4
  br i1 %.b34, label %cleanup, label %if.then6

if.then6:                                         ; preds = %if.end
  store i1 true, ptr @warned, align 4
  %2 = load ptr, ptr @stderr, align 8, !tbaa !13
  %3 = tail call i64 @fwrite(ptr nonnull @.str.1, i64 15, i64 1, ptr %2) #13
  br label %cleanup

if.end9:                                          ; preds = %for.body
  %.b = load i1, ptr @dirty, align 4
  br i1 %.b, label %if.end12, label %if.then11

if.then11:                                        ; preds = %if.end9
  store i1 true, ptr @dirty, align 4
  br label %if.end12

if.end12:                                         ; preds = %if.then11, %if.end9
  %.b35 = load i1, ptr @seen, align 4
  br i1 %.b35, label %if.end20, label %land.lhs.true14

land.lhs.true14:                                  ; preds = %if.end12
  %call15 = tail call fastcc i64 @probe(i64 noundef %i.036)
  %cmp16 = icmp eq i64 %call15, 3
  br i1 %cmp16, label %do.body, label %if.end20

do.body:                                          ; preds = %land.lhs.true14, %do.body
  %j.0 = phi i64 [ %inc, %do.body ], [ %i.036, %land.lhs.true14 ]
  %sum.1 = phi i64 [ %add, %do.body ], [ %sum.038, %land.lhs.true14 ]
  store i1 true, ptr @seen, align 4
  %call18 = tail call fastcc i64 @probe(i64 noundef %j.0)
  %add = add nuw nsw i64 %call18, %sum.1
  %inc = add nuw nsw i64 %j.0, 1
  %rem = urem i64 %inc, 5
  %tobool19.not = icmp eq i64 %rem, 0
  br i1 %tobool19.not, label %if.end20, label %do.body, !llvm.loop !15

if.end20:                                         ; preds = %do.body, %land.lhs.true14, %if.end12
  %sum.2 = phi i64 [ %sum.038, %if.end12 ], [ %sum.038, %land.lhs.true14 ], [ %add, %do.body ]
  %add21 = add nuw nsw i64 %sum.2, %call
  br label %cleanup

cleanup:                                          ; preds = %if.end, %if.then6, %if.end20, %if.then4
  %sum.3 = phi i64 [ %sum.038, %if.then4 ], [ %add21, %if.end20 ], [ %sum.038, %if.then6 ], [ %sum.038, %if.end ]
  %inc22 = add nuw nsw i64 %i.036, 1
  %exitcond.not = icmp eq i64 %inc22, 1000000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !16
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

define internal fastcc noundef i64 @fetch(i64 noundef %i) unnamed_addr #7 {
entry:
  %.b = load i1, ptr @use_fast, align 4
  br i1 %.b, label %if.end2, label %if.then

if.then:                                          ; preds = %entry
  %cmp = icmp eq i64 %i, 500000
  br i1 %cmp, label %if.then1, label %if.end

if.then1:                                         ; preds = %if.then
  %call = tail call ptr @__errno_location() #12
  store i32 38, ptr %call, align 4, !tbaa !11
  br label %return

if.end:                                           ; preds = %if.then
  %and = and i64 %i, 7
  br label %return

if.end2:                                          ; preds = %entry
  %rem = srem i64 %i, 1000
  %cmp3 = icmp eq i64 %rem, 999
  %and4 = and i64 %i, 7
  %cond = select i1 %cmp3, i64 -1, i64 %and4
  br label %return

return:                                           ; preds = %if.end2, %if.end, %if.then1
  %retval.0 = phi i64 [ -1, %if.then1 ], [ %and, %if.end ], [ %cond, %if.end2 ]
  ret i64 %retval.0
}

declare ptr @__errno_location() local_unnamed_addr #8

define internal fastcc i64 @probe(i64 noundef %i) unnamed_addr #9 {
entry:
  %.b = load i1, ptr @seen, align 4
  %cond.v = select i1 %.b, i64 1, i64 3
  %cond = and i64 %cond.v, %i
  ret i64 %cond
}

declare noundef i64 @fwrite(ptr nocapture noundef, i64 noundef, i64 noundef, ptr nocapture noundef) local_unnamed_addr #10

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree noinline nosync nounwind willreturn memory(readwrite, argmem: write, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nosync nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nofree nounwind }
attributes #11 = { nounwind }
attributes #12 = { nounwind willreturn memory(none) }
attributes #13 = { cold }

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
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"any pointer", !7, i64 0}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
