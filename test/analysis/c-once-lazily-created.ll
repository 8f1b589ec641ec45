; An object created lazily: a pointer that starts null and is set, behind
; the test that it is still null, to what the init path computed, and that
; nothing sets back, is an init flag (OnceRegions.h): get_lookup's store to
; @lookup runs once, and @lookup, read on every call, is read-mostly. (With
; only constant stores taken for flags, @lookup was write-hot.) A pointer
; that the consumer sets back to null (a one-slot mailbox, @slot) is no
; flag: the code behind its test runs each time the slot is empty, so
; @offered stays write-hot (it was read-mostly when a computed pointer that
; returns to null counted as a flag).
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct table { long v[16]; };
;   struct job { long n; };
;   /* Built on first use, by whichever thread comes first; never freed. */
;   static struct table *lookup;
;   /* A one-slot mailbox: filled when empty, emptied by the consumer. */
;   static struct job *slot;
;   static long total, done, offered;
;   __attribute__((noinline)) static struct table *get_lookup(void) {
;     if (lookup)
;       return lookup;
;     struct table *t = malloc(sizeof *t);
;     for (int i = 0; i < 16; i++)
;       t->v[i] = i;
;     lookup = t;
;     return lookup;
;   }
;   static void *worker(void *a) {
;     long sum = 0;
;     for (int i = 0; i < 100000; ++i)
;       sum += get_lookup()->v[i & 15];
;     __atomic_fetch_add(&total, sum, __ATOMIC_RELAXED);
;     return 0;
;   }
;   __attribute__((noinline)) static void offer(long n) {
;     if (!slot) {
;       struct job *j = malloc(sizeof *j);
;       j->n = n;
;       slot = j;
;       offered++;
;     }
;   }
;   __attribute__((noinline)) static void take(void) {
;     if (slot) {
;       done += slot->n;
;       free(slot);
;       slot = 0;
;     }
;   }
;   /* Unsynchronized, as a sketch: one thread offers, the other takes. */
;   static void *producer(void *a) {
;     for (int i = 0; i < 100000; ++i)
;       offer(i);
;     return 0;
;   }
;   static void *consumer(void *a) {
;     for (int i = 0; i < 100000; ++i)
;       take();
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[4];
;     pthread_create(&t[0], 0, worker, 0);
;     pthread_create(&t[1], 0, worker, 0);
;     pthread_create(&t[2], 0, producer, 0);
;     pthread_create(&t[3], 0, consumer, 0);
;     for (int i = 0; i < 4; i++)
;       pthread_join(t[i], 0);
;     printf("%ld %d\n", total, done > 0 && offered > 0);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"lookup",{{.*}}"reason":"written only at start-up (store in get_lookup once, behind the init flag lookup)
; CHECK-DAG: "class":"write-hot","name":"offered",
; CHECK-DAG: "class":"write-hot","name":"slot",
; The merge gives the same classes.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"lookup"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"offered"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"slot"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [8 x i8] c"%ld %d\0A\00", align 1
@total = internal global i64 0, align 8
@done = internal unnamed_addr global i64 0, align 8
@offered = internal unnamed_addr global i64 0, align 8
@lookup = internal unnamed_addr global ptr null, align 8
@slot = internal unnamed_addr global ptr null, align 8

define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [4 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %t) #10
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #10
  %arrayidx1 = getelementptr inbounds i8, ptr %t, i64 8
  %call2 = call i32 @pthread_create(ptr noundef nonnull %arrayidx1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #10
  %arrayidx3 = getelementptr inbounds i8, ptr %t, i64 16
  %call4 = call i32 @pthread_create(ptr noundef nonnull %arrayidx3, ptr noundef null, ptr noundef nonnull @producer, ptr noundef null) #10
  %arrayidx5 = getelementptr inbounds i8, ptr %t, i64 24
  %call6 = call i32 @pthread_create(ptr noundef nonnull %arrayidx5, ptr noundef null, ptr noundef nonnull @consumer, ptr noundef null) #10
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call8 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #10
  %1 = load i64, ptr %arrayidx1, align 8, !tbaa !5
  %call8.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #10
  %2 = load i64, ptr %arrayidx3, align 16, !tbaa !5
  %call8.2 = call i32 @pthread_join(i64 noundef %2, ptr noundef null) #10
  %3 = load i64, ptr %arrayidx5, align 8, !tbaa !5
  %call8.3 = call i32 @pthread_join(i64 noundef %3, ptr noundef null) #10
  %4 = load i64, ptr @total, align 8, !tbaa !5
  %5 = load i64, ptr @done, align 8, !tbaa !5
  %cmp9 = icmp sgt i64 %5, 0
  %6 = load i64, ptr @offered, align 8
  %cmp10 = icmp sgt i64 %6, 0
  %7 = select i1 %cmp9, i1 %cmp10, i1 false
  %land.ext = zext i1 %7 to i32
  %call11 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %4, i32 noundef %land.ext)
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %t) #10
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noalias noundef ptr @worker(ptr nocapture readnone %a) #3 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  %0 = atomicrmw add ptr @total, i64 %add monotonic, align 8
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %sum.05 = phi i64 [ 0, %entry ], [ %add, %for.body ]
  %i.04 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %call = tail call fastcc ptr @get_lookup()
  %and = and i32 %i.04, 15
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [16 x i64], ptr %call, i64 0, i64 %idxprom
  %1 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %add = add nsw i64 %1, %sum.05
  %inc = add nuw nsw i32 %i.04, 1
  %exitcond.not = icmp eq i32 %inc, 100000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

define internal noalias noundef ptr @producer(ptr nocapture readnone %a) #3 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  tail call fastcc void @offer(i64 noundef %indvars.iv)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 100000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
}

define internal noalias noundef ptr @consumer(ptr nocapture readnone %a) #0 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %entry, %for.body
  %i.02 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  tail call fastcc void @take()
  %inc = add nuw nsw i32 %i.02, 1
  %exitcond.not = icmp eq i32 %inc, 100000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !12
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

define internal fastcc ptr @get_lookup() unnamed_addr #6 {
entry:
  %0 = load ptr, ptr @lookup, align 8, !tbaa !13
  %tobool.not = icmp eq ptr %0, null
  br i1 %tobool.not, label %if.end, label %return

if.end:                                           ; preds = %entry
  %call = tail call noalias dereferenceable_or_null(128) ptr @malloc(i64 noundef 128) #11
  store i64 0, ptr %call, align 8, !tbaa !5
  %arrayidx.1 = getelementptr inbounds i8, ptr %call, i64 8
  store i64 1, ptr %arrayidx.1, align 8, !tbaa !5
  %arrayidx.2 = getelementptr inbounds i8, ptr %call, i64 16
  store i64 2, ptr %arrayidx.2, align 8, !tbaa !5
  %arrayidx.3 = getelementptr inbounds i8, ptr %call, i64 24
  store i64 3, ptr %arrayidx.3, align 8, !tbaa !5
  %arrayidx.4 = getelementptr inbounds i8, ptr %call, i64 32
  store i64 4, ptr %arrayidx.4, align 8, !tbaa !5
  %arrayidx.5 = getelementptr inbounds i8, ptr %call, i64 40
  store i64 5, ptr %arrayidx.5, align 8, !tbaa !5
  %arrayidx.6 = getelementptr inbounds i8, ptr %call, i64 48
  store i64 6, ptr %arrayidx.6, align 8, !tbaa !5
  %arrayidx.7 = getelementptr inbounds i8, ptr %call, i64 56
  store i64 7, ptr %arrayidx.7, align 8, !tbaa !5
  %arrayidx.8 = getelementptr inbounds i8, ptr %call, i64 64
  store i64 8, ptr %arrayidx.8, align 8, !tbaa !5
  %arrayidx.9 = getelementptr inbounds i8, ptr %call, i64 72
  store i64 9, ptr %arrayidx.9, align 8, !tbaa !5
  %arrayidx.10 = getelementptr inbounds i8, ptr %call, i64 80
  store i64 10, ptr %arrayidx.10, align 8, !tbaa !5
  %arrayidx.11 = getelementptr inbounds i8, ptr %call, i64 88
  store i64 11, ptr %arrayidx.11, align 8, !tbaa !5
  %arrayidx.12 = getelementptr inbounds i8, ptr %call, i64 96
  store i64 12, ptr %arrayidx.12, align 8, !tbaa !5
  %arrayidx.13 = getelementptr inbounds i8, ptr %call, i64 104
  store i64 13, ptr %arrayidx.13, align 8, !tbaa !5
  %arrayidx.14 = getelementptr inbounds i8, ptr %call, i64 112
  store i64 14, ptr %arrayidx.14, align 8, !tbaa !5
  %arrayidx.15 = getelementptr inbounds i8, ptr %call, i64 120
  store i64 15, ptr %arrayidx.15, align 8, !tbaa !5
  store ptr %call, ptr @lookup, align 8, !tbaa !13
  br label %return

return:                                           ; preds = %entry, %if.end
  %retval.0 = phi ptr [ %call, %if.end ], [ %0, %entry ]
  ret ptr %retval.0
}

declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #7

define internal fastcc void @offer(i64 noundef %n) unnamed_addr #6 {
entry:
  %0 = load ptr, ptr @slot, align 8, !tbaa !13
  %tobool.not = icmp eq ptr %0, null
  br i1 %tobool.not, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %call = tail call noalias dereferenceable_or_null(8) ptr @malloc(i64 noundef 8) #11
  store i64 %n, ptr %call, align 8, !tbaa !15
  store ptr %call, ptr @slot, align 8, !tbaa !13
  %1 = load i64, ptr @offered, align 8, !tbaa !5
  %inc = add nsw i64 %1, 1
  store i64 %inc, ptr @offered, align 8, !tbaa !5
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret void
}

define internal fastcc void @take() unnamed_addr #8 {
entry:
  %0 = load ptr, ptr @slot, align 8, !tbaa !13
  %tobool.not = icmp eq ptr %0, null
  br i1 %tobool.not, label %if.end, label %if.then

if.then:                                          ; preds = %entry
  %1 = load i64, ptr %0, align 8, !tbaa !15
  %2 = load i64, ptr @done, align 8, !tbaa !5
  %add = add nsw i64 %2, %1
  store i64 %add, ptr @done, align 8, !tbaa !5
  tail call void @free(ptr noundef nonnull %0) #10
  store ptr null, ptr @slot, align 8, !tbaa !13
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret void
}

declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #9

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree noinline nounwind willreturn memory(readwrite, argmem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress noinline nounwind willreturn uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nounwind }
attributes #11 = { nounwind allocsize(0) }


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
!11 = distinct !{!11, !10}
!12 = distinct !{!12, !10}
!13 = !{!14, !14, i64 0}
!14 = !{!"any pointer", !7, i64 0}
!15 = !{!16, !6, i64 0}
!16 = !{!"job", !6, i64 0}

