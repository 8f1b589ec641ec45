; A lock allocator that returns a global's element for some kinds and fresh
; memory for others, as SQLite's pthreadMutexAlloc does (`switch (kind)`:
; malloc for the fast and recursive kinds, &staticMutexes[kind - 2] for the
; rest). Each call of it with the fresh kind stores the result in a heap
; object. A call with a constant argument takes only the paths that value
; allows (ArgumentCondition.h), so those stores are no escape of the
; table: @direct_locks (called directly) and @table_locks (reached through
; an ops table, as xMutexAlloc) are padded per element; the rewrite's
; check on the IR follows the ops table's calls by the whole program's
; call graph, which a compile of one translation unit does not have (the
; two-stage flow below pads @direct_locks alone). @kept_locks shows the
; rule is no blanket pass: a static kind (LOCK_MEM) stored in a heap
; object is still an escape.
;
;   enum { LOCK_FAST, LOCK_MEM, LOCK_LRU, LOCK_OPEN };
;   struct lock { pthread_mutex_t m; };
;   struct conn { struct lock *lock; long n; };
;   static struct lock table_locks[3], direct_locks[3], kept_locks[3];
;   static struct lock *table_alloc(int kind) {
;     if (kind == LOCK_FAST) return fresh_lock();     /* malloc + init */
;     return &table_locks[kind - 1];
;   }
;   __attribute__((noinline)) static struct lock *direct_alloc(int kind) {
;     switch (kind) {
;     case LOCK_FAST: return fresh_lock();
;     case LOCK_MEM: case LOCK_LRU: case LOCK_OPEN: return &direct_locks[kind - 1];
;     default: return 0;
;     }
;   }
;   __attribute__((noinline)) static struct lock *kept_alloc(int kind) {
;     switch (kind) { case LOCK_FAST: return fresh_lock();
;                     default: return &kept_locks[kind - 1]; }
;   }
;   static void *worker(void *arg) {       /* two threads */
;     struct conn *c = malloc(..), *d = malloc(..), *k = malloc(..);
;     c->lock = ops.alloc(LOCK_FAST);     /* table_alloc, or noop_alloc */
;     d->lock = direct_alloc(LOCK_FAST);
;     k->lock = kept_alloc(LOCK_MEM);     /* a static lock in heap memory */
;     free(kept_alloc(LOCK_FAST));
;     for (long i = 0; i < rounds; i++) {
;       struct lock *l = ops.alloc(LOCK_MEM + (i + id) % 3);
;       ops.enter(l); ops.leave(l);
;       struct lock *m = direct_alloc(LOCK_MEM + (i + id) % 3);
;       pthread_mutex_lock(&m->m); pthread_mutex_unlock(&m->m);
;       ... k->lock and c->lock locked around k->n++ and c->n++ ...
;     }
;     conns[id] = c; conns[1 - id] = d; return k;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK-DAG: @table_locks = internal global [3 x { %struct.lock, [88 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @direct_locks = internal global [3 x { %struct.lock, [88 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @kept_locks = internal global { [3 x %struct.lock], [8 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-LABEL: define internal ptr @table_alloc(
; CHECK: getelementptr inbounds [3 x { %struct.lock, [88 x i8] }], ptr @table_locks
; CHECK-LABEL: define internal fastcc ptr @direct_alloc(
; CHECK: getelementptr inbounds [3 x { %struct.lock, [88 x i8] }], ptr @direct_locks, i64 0, i64 %idxprom
; CHECK: phi ptr [ %{{[0-9]+}}, %sw.bb1 ], [ null, %entry ], [ null, %sw.bb ], [ %call.i, %if.then.i ]

; No escape for the first two (the report has no "escape" before "name").
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; JSON-DAG: "class":"write-hot","name":"table_locks",{{.*}}"inner_layout":"each of its 3 elements padded from 40 to 128 bytes"
; JSON-DAG: "class":"write-hot","name":"direct_locks",{{.*}}"inner_layout":"each of its 3 elements padded from 40 to 128 bytes"
; JSON-DAG: "class":"write-hot","escape":"address stored to memory in worker","name":"kept_locks"

; Report mode changes nothing and says what the layout would do.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.report.json -S %s -o %t.report.ll
; RUN: FileCheck %s --check-prefix=REPORT-IR --input-file=%t.report.ll
; REPORT-IR: @table_locks = internal global [3 x %struct.lock] zeroinitializer, align 16
; REPORT-IR: @direct_locks = internal global [3 x %struct.lock] zeroinitializer, align 16
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.report.json

; The facts: the values of argument 0 under which each function returns
; the address ([argument, bits, lo, hi): kind != 0), and each call's
; constant arguments.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: cat %t.facts/*.facts.json > %t.facts.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.facts.json
; FACTS-DAG: "name":"table_locks","size":120,"uses":{"returnedby":[{"f":"table_alloc","r":{"ix":{{\[\[}}40,3]]},"when":[0,32,1,0]}]}
; FACTS-DAG: "returnedby":[{"f":"table_alloc","r":{},"when":[0,32,0,1]}]
; FACTS-DAG: "cargs":{{\[\[}}0,0]],"field":"lock_ops+0"
; Calls of functions no module defines (malloc) need none.
; RUN: FileCheck %s --check-prefix=NODECL --input-file=%t.facts.json
; NODECL-NOT: "callee":"malloc","cargs"

; The two-stage flow: the merge finds the same classes without escapes;
; applying its layout file in a compile pads @direct_locks, and leaves
; @table_locks whole (its check on the IR sees an address returned by a
; function whose address is taken, and no call graph).
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout 2>/dev/null
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"write-hot",{{.*}}"inner_layout":"each of its 3 elements padded from 40 to 128 bytes",{{.*}}"name":"table_locks"
; MERGE-DAG: "class":"write-hot",{{.*}}"inner_layout":"each of its 3 elements padded from 40 to 128 bytes",{{.*}}"name":"direct_locks"
; MERGE-DAG: "class":"write-hot","escape":"address stored to memory in worker",{{.*}}"name":"kept_locks"
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t.layout -S %s -o %t.applied.ll 2> %t.applied.err
; RUN: FileCheck %s --check-prefix=KEPT --input-file=%t.applied.err
; KEPT: warning: cacheline-layout: global 'table_locks' of {{.*}}: not rewritten: an element's address returned by table_alloc, which is not only called: whole-object layout kept, unlike layout file {{.*}}.layout
; KEPT-NOT: direct_locks
; RUN: FileCheck %s --check-prefix=APPLIED --input-file=%t.applied.ll
; APPLIED-DAG: @table_locks = internal global { [3 x %struct.lock], [8 x i8] }
; APPLIED-DAG: @direct_locks = internal global [3 x { %struct.lock, [88 x i8] }]
; APPLIED-DAG: @kept_locks = internal global { [3 x %struct.lock], [8 x i8] }

; ModuleID = 'by_kind.c'
source_filename = "by_kind.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.lock = type { %union.pthread_mutex_t }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@ops.0 = internal unnamed_addr global ptr null, align 8
@ops.1 = internal unnamed_addr global ptr null, align 8
@ops.2 = internal unnamed_addr global ptr null, align 8
@conns = dso_local local_unnamed_addr global [2 x ptr] zeroinitializer, align 16
@table_locks = internal global [3 x %struct.lock] zeroinitializer, align 16
@direct_locks = internal global [3 x %struct.lock] zeroinitializer, align 16
@kept_locks = internal global [3 x %struct.lock] zeroinitializer, align 16

define dso_local i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  %cmp = icmp sgt i32 %argc, 3
  %cond = select i1 %cmp, ptr @noop_alloc, ptr @table_alloc
  store ptr %cond, ptr @ops.0, align 8, !tbaa !5
  %cond2 = select i1 %cmp, ptr @noop_enter, ptr @table_enter
  store ptr %cond2, ptr @ops.1, align 8, !tbaa !10
  %cond4 = select i1 %cmp, ptr @noop_leave, ptr @table_leave
  store ptr %cond4, ptr @ops.2, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #8
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #8
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #8
  %0 = load i64, ptr %t, align 16, !tbaa !12
  %call14 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #8
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !12
  %call14.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #8
  %2 = load ptr, ptr @conns, align 16, !tbaa !14
  %n = getelementptr inbounds i8, ptr %2, i64 8
  %3 = load i64, ptr %n, align 8, !tbaa !15
  %4 = load ptr, ptr getelementptr inbounds (i8, ptr @conns, i64 8), align 8, !tbaa !14
  %n18 = getelementptr inbounds i8, ptr %4, i64 8
  %5 = load i64, ptr %n18, align 8, !tbaa !15
  %cmp19 = icmp ne i64 %3, %5
  %cond21 = zext i1 %cmp19 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #8
  ret i32 %cond21
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

define internal noalias noundef ptr @noop_alloc(i32 %kind) #2 {
entry:
  ret ptr null
}

define internal ptr @table_alloc(i32 noundef %kind) #0 {
entry:
  %cmp = icmp eq i32 %kind, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %call.i = tail call noalias dereferenceable_or_null(40) ptr @malloc(i64 noundef 40) #9
  %tobool.not.i = icmp eq ptr %call.i, null
  br i1 %tobool.not.i, label %return, label %if.then.i

if.then.i:                                        ; preds = %if.then
  %call1.i = tail call i32 @pthread_mutex_init(ptr noundef nonnull %call.i, ptr noundef null) #8
  br label %return

if.end:                                           ; preds = %entry
  %sub = add nsw i32 %kind, -1
  %idxprom = sext i32 %sub to i64
  %arrayidx = getelementptr inbounds [3 x %struct.lock], ptr @table_locks, i64 0, i64 %idxprom
  br label %return

return:                                           ; preds = %if.then.i, %if.then, %if.end
  %retval.0 = phi ptr [ %arrayidx, %if.end ], [ null, %if.then ], [ %call.i, %if.then.i ]
  ret ptr %retval.0
}

define internal void @noop_enter(ptr nocapture readnone %l) #2 {
entry:
  ret void
}

define internal void @table_enter(ptr noundef %l) #0 {
entry:
  %call = tail call i32 @pthread_mutex_lock(ptr noundef %l) #8
  ret void
}

define internal void @noop_leave(ptr nocapture readnone %l) #2 {
entry:
  ret void
}

define internal void @table_leave(ptr noundef %l) #0 {
entry:
  %call = tail call i32 @pthread_mutex_unlock(ptr noundef %l) #8
  ret void
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal noundef ptr @worker(ptr noundef %arg) #0 {
entry:
  %0 = ptrtoint ptr %arg to i64
  %call = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #9
  %call1 = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #9
  %call2 = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #9
  %1 = load ptr, ptr @ops.0, align 8, !tbaa !5
  %call3 = tail call ptr %1(i32 noundef 0) #8
  store ptr %call3, ptr %call, align 8, !tbaa !17
  %call4 = tail call fastcc ptr @direct_alloc(i32 noundef 0)
  store ptr %call4, ptr %call1, align 8, !tbaa !17
  %call6 = tail call fastcc ptr @kept_alloc(i32 noundef 1)
  store ptr %call6, ptr %call2, align 8, !tbaa !17
  %call8 = tail call fastcc ptr @kept_alloc(i32 noundef 0)
  tail call void @free(ptr noundef %call8) #8
  %n = getelementptr inbounds i8, ptr %call2, i64 8
  %n9 = getelementptr inbounds i8, ptr %call1, i64 8
  store i64 0, ptr %n9, align 8, !tbaa !15
  %n10 = getelementptr inbounds i8, ptr %call, i64 8
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  %arrayidx = getelementptr inbounds [2 x ptr], ptr @conns, i64 0, i64 %0
  store ptr %call, ptr %arrayidx, align 8, !tbaa !14
  %sub = sub nsw i64 1, %0
  %arrayidx34 = getelementptr inbounds [2 x ptr], ptr @conns, i64 0, i64 %sub
  store ptr %call1, ptr %arrayidx34, align 8, !tbaa !14
  ret ptr %call2

for.body:                                         ; preds = %entry, %for.body
  %2 = phi i64 [ 0, %entry ], [ %inc31, %for.body ]
  %3 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %i.055 = phi i64 [ 0, %entry ], [ %inc33, %for.body ]
  %4 = load ptr, ptr @ops.0, align 8, !tbaa !5
  %add = add nsw i64 %i.055, %0
  %rem = srem i64 %add, 3
  %5 = trunc i64 %rem to i32
  %conv = add nsw i32 %5, 1
  %call12 = tail call ptr %4(i32 noundef %conv) #8
  %6 = load ptr, ptr @ops.1, align 8, !tbaa !10
  tail call void %6(ptr noundef %call12) #8
  %7 = load ptr, ptr @ops.2, align 8, !tbaa !11
  tail call void %7(ptr noundef %call12) #8
  %call17 = tail call fastcc ptr @direct_alloc(i32 noundef %conv)
  %call19 = tail call i32 @pthread_mutex_lock(ptr noundef %call17) #8
  %call21 = tail call i32 @pthread_mutex_unlock(ptr noundef %call17) #8
  %call24 = tail call i32 @pthread_mutex_lock(ptr noundef %call6) #8
  %inc = add nuw nsw i64 %3, 1
  store i64 %inc, ptr %n, align 8, !tbaa !15
  %call28 = tail call i32 @pthread_mutex_unlock(ptr noundef %call6) #8
  %8 = load ptr, ptr @ops.1, align 8, !tbaa !10
  tail call void %8(ptr noundef %call3) #8
  %inc31 = add nuw nsw i64 %2, 1
  store i64 %inc31, ptr %n10, align 8, !tbaa !15
  %9 = load ptr, ptr @ops.2, align 8, !tbaa !11
  tail call void %9(ptr noundef %call3) #8
  %inc33 = add nuw nsw i64 %i.055, 1
  %exitcond.not = icmp eq i64 %inc33, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !18
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #5

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #3

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #3

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #3

define internal fastcc ptr @direct_alloc(i32 noundef %kind) unnamed_addr #6 {
entry:
  switch i32 %kind, label %return [
    i32 0, label %sw.bb
    i32 1, label %sw.bb1
    i32 2, label %sw.bb1
    i32 3, label %sw.bb1
  ]

sw.bb:                                            ; preds = %entry
  %call.i = tail call noalias dereferenceable_or_null(40) ptr @malloc(i64 noundef 40) #9
  %tobool.not.i = icmp eq ptr %call.i, null
  br i1 %tobool.not.i, label %return, label %if.then.i

if.then.i:                                        ; preds = %sw.bb
  %call1.i = tail call i32 @pthread_mutex_init(ptr noundef nonnull %call.i, ptr noundef null) #8
  br label %return

sw.bb1:                                           ; preds = %entry, %entry, %entry
  %sub = add nsw i32 %kind, -1
  %idxprom = zext i32 %sub to i64
  %arrayidx = getelementptr inbounds [3 x %struct.lock], ptr @direct_locks, i64 0, i64 %idxprom
  br label %return

return:                                           ; preds = %if.then.i, %sw.bb, %entry, %sw.bb1
  %retval.0 = phi ptr [ %arrayidx, %sw.bb1 ], [ null, %entry ], [ null, %sw.bb ], [ %call.i, %if.then.i ]
  ret ptr %retval.0
}

define internal fastcc noundef ptr @kept_alloc(i32 noundef %kind) unnamed_addr #6 {
entry:
  %cond = icmp eq i32 %kind, 0
  br i1 %cond, label %sw.bb, label %return

sw.bb:                                            ; preds = %entry
  %call.i = tail call noalias dereferenceable_or_null(40) ptr @malloc(i64 noundef 40) #9
  %tobool.not.i = icmp eq ptr %call.i, null
  br i1 %tobool.not.i, label %return, label %if.then.i

if.then.i:                                        ; preds = %sw.bb
  %call1.i = tail call i32 @pthread_mutex_init(ptr noundef nonnull %call.i, ptr noundef null) #8
  br label %return

return:                                           ; preds = %if.then.i, %sw.bb, %entry
  %retval.0 = phi ptr [ @kept_locks, %entry ], [ null, %sw.bb ], [ %call.i, %if.then.i ]
  ret ptr %retval.0
}

declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }
attributes #9 = { nounwind allocsize(0) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"lock_ops", !7, i64 0, !7, i64 8, !7, i64 16}
!7 = !{!"any pointer", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 8}
!11 = !{!6, !7, i64 16}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !8, i64 0}
!14 = !{!7, !7, i64 0}
!15 = !{!16, !13, i64 8}
!16 = !{!"conn", !7, i64 0, !13, i64 8}
!17 = !{!16, !7, i64 0}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.mustprogress"}
