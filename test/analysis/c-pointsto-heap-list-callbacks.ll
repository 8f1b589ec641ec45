; Points-to: callbacks kept in heap memory. main registers its start-up work
; as callbacks in a list of malloc'd nodes (register_post_check(fn) stores fn
; in a node) and walks the list before it starts the threads; each worker
; calls an idle hook kept in the heap context its thread gets as argument.
; The points-to analysis follows fn through the parameter into the nodes'
; fn fields, and the threads' argument into worker: the list walk reaches
; set_verbose and size_cache only, the worker's call idle_tick and
; idle_yield only. So set_verbose and size_cache run only at start-up, and
; verbose_level and cache_size, which the workers read in their loops, are
; read-mostly (the signature fallback made every void(void) callback a target
; of the worker's call: both were write-hot). idle_rounds stays write-hot.
; Both indirect calls are resolved (4 targets, against 8 by signature).
;
;   #include <pthread.h>
;   #include <sched.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct check { void (*fn)(void); struct check *next; };
;   struct worker_ctx { void (*idle)(void); long id; };
;   static struct check *post_checks;
;   static int verbose_level;
;   static long cache_size, idle_rounds, served;
;   __attribute__((noinline)) static void register_post_check(void (*fn)(void)) {
;     struct check *c = malloc(sizeof *c);
;     c->fn = fn;
;     c->next = post_checks;
;     post_checks = c;
;   }
;   __attribute__((noinline)) static void run_post_checks(void) {
;     for (struct check *c = post_checks; c; c = c->next)
;       c->fn();
;   }
;   __attribute__((noinline)) static struct worker_ctx *new_ctx(long id, void (*idle)(void)) {
;     struct worker_ctx *w = malloc(sizeof *w);
;     w->idle = idle;
;     w->id = id;
;     return w;
;   }
;   static void set_verbose(void) { verbose_level = getenv("VERBOSE") != 0; }
;   static void size_cache(void) { cache_size = getenv("SMALL") ? 1 << 10 : 1 << 20; }
;   static void idle_tick(void) { __atomic_fetch_add(&idle_rounds, 1, __ATOMIC_RELAXED); }
;   static void idle_yield(void) { sched_yield(); }
;   static void *worker(void *a) {
;     struct worker_ctx *w = a;
;     for (int i = 0; i < 1000000; ++i) {
;       if (verbose_level) served += cache_size;
;       if (i % 1000 == 0) w->idle();
;       __atomic_fetch_add(&served, 1, __ATOMIC_RELAXED);
;     }
;     return a;
;   }
;   int main(void) {
;     register_post_check(set_verbose);
;     register_post_check(size_cache);
;     run_post_checks();
;     pthread_t t[2];
;     for (int i = 0; i < 2; ++i)
;       pthread_create(&t[i], 0, worker, new_ctx(i, i ? idle_yield : idle_tick));
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld %ld\n", served, idle_rounds);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"verbose_level",{{.*}}"reason":"written only at start-up (store in set_verbose (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"cache_size",{{.*}}"reason":"written only at start-up (store in size_cache (called only at start-up))
; CHECK-DAG: "class":"write-hot","name":"idle_rounds",
; CHECK-DAG: "start_up_functions": ["register_post_check","run_post_checks","set_verbose","size_cache"]
; CHECK-DAG: "indirect_calls": {"calls":2,"resolved":2,"signature_targets":8,"targets":4}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@served = internal global i64 0, align 8
@idle_rounds = internal global i64 0, align 8
@post_checks = internal unnamed_addr global ptr null, align 8
@.str.1 = private unnamed_addr constant [8 x i8] c"VERBOSE\00", align 1
@verbose_level = internal unnamed_addr global i32 0, align 4
@.str.2 = private unnamed_addr constant [6 x i8] c"SMALL\00", align 1
@cache_size = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  tail call fastcc void @register_post_check(ptr noundef nonnull @set_verbose)
  tail call fastcc void @register_post_check(ptr noundef nonnull @size_cache)
  tail call fastcc void @run_post_checks()
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #12
  %call = tail call fastcc ptr @new_ctx(i64 noundef 0, ptr noundef nonnull @idle_tick)
  %call1 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %call) #12
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call fastcc ptr @new_ctx(i64 noundef 1, ptr noundef nonnull @idle_yield)
  %call1.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %call.1) #12
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call10 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #12
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !5
  %call10.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #12
  %2 = load i64, ptr @served, align 8, !tbaa !5
  %3 = load i64, ptr @idle_rounds, align 8, !tbaa !5
  %call14 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %2, i64 noundef %3)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #12
  ret i32 0
}

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(readwrite, argmem: none) uwtable
define internal fastcc void @register_post_check(ptr noundef %fn) unnamed_addr #1 {
entry:
  %call = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #13
  store ptr %fn, ptr %call, align 8, !tbaa !9
  %0 = load ptr, ptr @post_checks, align 8, !tbaa !12
  %next = getelementptr inbounds i8, ptr %call, i64 8
  store ptr %0, ptr %next, align 8, !tbaa !13
  store ptr %call, ptr @post_checks, align 8, !tbaa !12
  ret void
}

; Function Attrs: nofree nounwind memory(readwrite, argmem: read, inaccessiblemem: read) uwtable
define internal void @set_verbose() #2 {
entry:
  %call = tail call ptr @getenv(ptr noundef nonnull @.str.1) #12
  %cmp = icmp ne ptr %call, null
  %conv = zext i1 %cmp to i32
  store i32 %conv, ptr @verbose_level, align 4, !tbaa !14
  ret void
}

; Function Attrs: nofree nounwind memory(readwrite, argmem: read, inaccessiblemem: read) uwtable
define internal void @size_cache() #2 {
entry:
  %call = tail call ptr @getenv(ptr noundef nonnull @.str.2) #12
  %tobool.not = icmp eq ptr %call, null
  %conv = select i1 %tobool.not, i64 1048576, i64 1024
  store i64 %conv, ptr @cache_size, align 8, !tbaa !5
  ret void
}

; Function Attrs: noinline nounwind uwtable
define internal fastcc void @run_post_checks() unnamed_addr #3 {
entry:
  %c.03 = load ptr, ptr @post_checks, align 8, !tbaa !12
  %tobool.not4 = icmp eq ptr %c.03, null
  br i1 %tobool.not4, label %for.cond.cleanup, label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %c.05 = phi ptr [ %c.0, %for.body ], [ %c.03, %entry ]
  %0 = load ptr, ptr %c.05, align 8, !tbaa !9
  tail call void %0() #12
  %next = getelementptr inbounds i8, ptr %c.05, i64 8
  %c.0 = load ptr, ptr %next, align 8, !tbaa !12
  %tobool.not = icmp eq ptr %c.0, null
  br i1 %tobool.not, label %for.cond.cleanup, label %for.body, !llvm.loop !16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #4

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr noundef readonly returned %a) #0 {
entry:
  %.pre8 = load i32, ptr @verbose_level, align 4, !tbaa !14
  br label %for.body

for.cond.cleanup:                                 ; preds = %if.end3
  ret ptr %a

for.body:                                         ; preds = %entry, %if.end3
  %0 = phi i32 [ %.pre8, %entry ], [ %4, %if.end3 ]
  %i.07 = phi i32 [ 0, %entry ], [ %inc, %if.end3 ]
  %tobool.not = icmp eq i32 %0, 0
  br i1 %tobool.not, label %if.end, label %if.then

if.then:                                          ; preds = %for.body
  %1 = load i64, ptr @cache_size, align 8, !tbaa !5
  %2 = load i64, ptr @served, align 8, !tbaa !5
  %add = add nsw i64 %2, %1
  store i64 %add, ptr @served, align 8, !tbaa !5
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %rem = urem i32 %i.07, 1000
  %cmp1 = icmp eq i32 %rem, 0
  br i1 %cmp1, label %if.then2, label %if.end3

if.then2:                                         ; preds = %if.end
  %3 = load ptr, ptr %a, align 8, !tbaa !18
  tail call void %3() #12
  %.pre = load i32, ptr @verbose_level, align 4, !tbaa !14
  br label %if.end3

if.end3:                                          ; preds = %if.then2, %if.end
  %4 = phi i32 [ %.pre, %if.then2 ], [ %0, %if.end ]
  %5 = atomicrmw add ptr @served, i64 1 monotonic, align 8
  %inc = add nuw nsw i32 %i.07, 1
  %exitcond.not = icmp eq i32 %inc, 1000000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !20
}

; Function Attrs: mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable
define internal fastcc noalias noundef ptr @new_ctx(i64 noundef %id, ptr noundef %idle) unnamed_addr #6 {
entry:
  %call = tail call noalias dereferenceable_or_null(16) ptr @malloc(i64 noundef 16) #13
  store ptr %idle, ptr %call, align 8, !tbaa !18
  %id2 = getelementptr inbounds i8, ptr %call, i64 8
  store i64 %id, ptr %id2, align 8, !tbaa !21
  ret ptr %call
}

; Function Attrs: nounwind uwtable
define internal void @idle_yield() #0 {
entry:
  %call = tail call i32 @sched_yield() #12
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @idle_tick() #7 {
entry:
  %0 = atomicrmw add ptr @idle_rounds, i64 1 monotonic, align 8
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #4

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #8

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #9

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #10

; Function Attrs: nofree nounwind memory(read)
declare noundef ptr @getenv(ptr nocapture noundef) local_unnamed_addr #11

; Function Attrs: nounwind
declare i32 @sched_yield() local_unnamed_addr #5

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree noinline nounwind willreturn memory(readwrite, argmem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nofree nounwind memory(readwrite, argmem: read, inaccessiblemem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree noinline nounwind willreturn memory(write, argmem: none, inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { nofree nounwind memory(read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { nounwind }
attributes #13 = { nounwind allocsize(0) }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"check", !11, i64 0, !11, i64 8}
!11 = !{!"any pointer", !7, i64 0}
!12 = !{!11, !11, i64 0}
!13 = !{!10, !11, i64 8}
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !7, i64 0}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!19, !11, i64 0}
!19 = !{!"worker_ctx", !11, i64 0, !6, i64 8}
!20 = distinct !{!20, !17}
!21 = !{!19, !6, i64 8}
