; Points-to: an ops struct in a heap object. main mallocs two ops structs and
; fills each through one setter (ops_set(o, start, tick) stores its
; parameters into o's fields); it calls both start hooks and the admin tick
; before the threads start, and hands the first struct to the workers,
; which call its tick hook in their loop. The analysis finds that the
; workers' call reaches the tick fields only (count_tick, admin_tick: one
; setter fills both structs, so each field holds both), never a start hook:
; load_limit and open_admin run only at start-up, and limit and admin_port
; are read-mostly (by signature every void(void) function was a target of
; the workers' call, and both were write-hot). free() hands no pointer
; anywhere (the known allocators and deallocators).
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <stdlib.h>
;   struct ops { void (*on_start)(void); void (*on_tick)(void); long period; };
;   static long limit, ticks;
;   __attribute__((noinline)) static void ops_set(struct ops *o, void (*start)(void), void (*tick)(void)) {
;     o->on_start = start;
;     o->on_tick = tick;
;   }
;   static void load_limit(void) { limit = getenv("LIMIT") ? atol(getenv("LIMIT")) : 1000000; }
;   static void count_tick(void) { __atomic_fetch_add(&ticks, 1, __ATOMIC_RELAXED); }
;   static long admin_port;
;   static void open_admin(void) { admin_port = getenv("PORT") ? atol(getenv("PORT")) : 8080; }
;   static void admin_tick(void) { printf("admin on %ld\n", admin_port); }
;   static void *worker(void *a) {
;     struct ops *o = a;
;     long n = 0;
;     for (long i = 0; i < limit; ++i)
;       if (i % o->period == 0) { o->on_tick(); ++n; }
;     return (void *)n;
;   }
;   int main(void) {
;     struct ops *o = malloc(sizeof *o), *admin = malloc(sizeof *admin);
;     ops_set(o, load_limit, count_tick);
;     ops_set(admin, open_admin, admin_tick);
;     o->period = 100;
;     o->on_start();
;     admin->on_start();
;     admin->on_tick();
;     pthread_t t[2];
;     for (int i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, o);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld\n", ticks);
;     free(o);
;     free(admin);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"limit",{{.*}}"reason":"written only at start-up (store in load_limit (called only at start-up)); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"admin_port",{{.*}}"reason":"written only at start-up (store in open_admin (called only at start-up))
; CHECK-DAG: "class":"write-hot","name":"ticks",
; CHECK-DAG: "indirect_calls": {"calls":4,"resolved":4,

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@ticks = internal global i64 0, align 8
@.str.1 = private unnamed_addr constant [6 x i8] c"LIMIT\00", align 1
@limit = internal unnamed_addr global i64 0, align 8
@.str.2 = private unnamed_addr constant [5 x i8] c"PORT\00", align 1
@admin_port = internal unnamed_addr global i64 0, align 8
@.str.3 = private unnamed_addr constant [14 x i8] c"admin on %ld\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  %call = tail call noalias dereferenceable_or_null(24) ptr @malloc(i64 noundef 24) #12
  %call1 = tail call noalias dereferenceable_or_null(24) ptr @malloc(i64 noundef 24) #12
  tail call fastcc void @ops_set(ptr noundef %call, ptr noundef nonnull @load_limit, ptr noundef nonnull @count_tick)
  tail call fastcc void @ops_set(ptr noundef %call1, ptr noundef nonnull @open_admin, ptr noundef nonnull @admin_tick)
  %period = getelementptr inbounds i8, ptr %call, i64 16
  store i64 100, ptr %period, align 8, !tbaa !5
  %0 = load ptr, ptr %call, align 8, !tbaa !11
  tail call void %0() #13
  %1 = load ptr, ptr %call1, align 8, !tbaa !11
  tail call void %1() #13
  %on_tick = getelementptr inbounds i8, ptr %call1, i64 8
  %2 = load ptr, ptr %on_tick, align 8, !tbaa !12
  tail call void %2() #13
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #13
  %call3 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull %call) #13
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call3.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull %call) #13
  %3 = load i64, ptr %t, align 16, !tbaa !13
  %call11 = call i32 @pthread_join(i64 noundef %3, ptr noundef null) #13
  %4 = load i64, ptr %arrayidx.1, align 8, !tbaa !13
  %call11.1 = call i32 @pthread_join(i64 noundef %4, ptr noundef null) #13
  %5 = load i64, ptr @ticks, align 8, !tbaa !13
  %call15 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %5)
  call void @free(ptr noundef %call) #13
  call void @free(ptr noundef %call1) #13
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #13
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write) uwtable
define internal fastcc void @ops_set(ptr nocapture noundef writeonly %o, ptr noundef %start, ptr noundef %tick) unnamed_addr #3 {
entry:
  store ptr %start, ptr %o, align 8, !tbaa !11
  %on_tick = getelementptr inbounds i8, ptr %o, i64 8
  store ptr %tick, ptr %on_tick, align 8, !tbaa !12
  ret void
}

; Function Attrs: nofree nounwind uwtable
define internal void @load_limit() #4 {
entry:
  %call = tail call ptr @getenv(ptr noundef nonnull @.str.1) #13
  %tobool.not = icmp eq ptr %call, null
  br i1 %tobool.not, label %cond.end, label %cond.true

cond.true:                                        ; preds = %entry
  %call.i = tail call i64 @strtol(ptr nocapture noundef nonnull %call, ptr noundef null, i32 noundef 10) #13
  br label %cond.end

cond.end:                                         ; preds = %entry, %cond.true
  %cond = phi i64 [ %call.i, %cond.true ], [ 1000000, %entry ]
  store i64 %cond, ptr @limit, align 8, !tbaa !13
  ret void
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @count_tick() #5 {
entry:
  %0 = atomicrmw add ptr @ticks, i64 1 monotonic, align 8
  ret void
}

; Function Attrs: nofree nounwind uwtable
define internal void @open_admin() #4 {
entry:
  %call = tail call ptr @getenv(ptr noundef nonnull @.str.2) #13
  %tobool.not = icmp eq ptr %call, null
  br i1 %tobool.not, label %cond.end, label %cond.true

cond.true:                                        ; preds = %entry
  %call.i = tail call i64 @strtol(ptr nocapture noundef nonnull %call, ptr noundef null, i32 noundef 10) #13
  br label %cond.end

cond.end:                                         ; preds = %entry, %cond.true
  %cond = phi i64 [ %call.i, %cond.true ], [ 8080, %entry ]
  store i64 %cond, ptr @admin_port, align 8, !tbaa !13
  ret void
}

; Function Attrs: nofree nounwind uwtable
define internal void @admin_tick() #4 {
entry:
  %0 = load i64, ptr @admin_port, align 8, !tbaa !13
  %call = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.3, i64 noundef %0)
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #6

; Function Attrs: nounwind uwtable
define internal ptr @worker(ptr nocapture noundef readonly %a) #0 {
entry:
  %0 = load i64, ptr @limit, align 8, !tbaa !13
  %cmp7 = icmp sgt i64 %0, 0
  br i1 %cmp7, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %period = getelementptr inbounds i8, ptr %a, i64 16
  %on_tick = getelementptr inbounds i8, ptr %a, i64 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.inc
  %1 = inttoptr i64 %n.1 to ptr
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %n.0.lcssa = phi ptr [ null, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret ptr %n.0.lcssa

for.body:                                         ; preds = %for.body.lr.ph, %for.inc
  %2 = phi i64 [ %0, %for.body.lr.ph ], [ %5, %for.inc ]
  %i.09 = phi i64 [ 0, %for.body.lr.ph ], [ %inc2, %for.inc ]
  %n.08 = phi i64 [ 0, %for.body.lr.ph ], [ %n.1, %for.inc ]
  %3 = load i64, ptr %period, align 8, !tbaa !5
  %rem = srem i64 %i.09, %3
  %cmp1 = icmp eq i64 %rem, 0
  br i1 %cmp1, label %if.then, label %for.inc

if.then:                                          ; preds = %for.body
  %4 = load ptr, ptr %on_tick, align 8, !tbaa !12
  tail call void %4() #13
  %inc = add nsw i64 %n.08, 1
  %.pre = load i64, ptr @limit, align 8, !tbaa !13
  br label %for.inc

for.inc:                                          ; preds = %for.body, %if.then
  %5 = phi i64 [ %.pre, %if.then ], [ %2, %for.body ]
  %n.1 = phi i64 [ %inc, %if.then ], [ %n.08, %for.body ]
  %inc2 = add nuw nsw i64 %i.09, 1
  %cmp = icmp slt i64 %inc2, %5
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !14
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #7

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #8

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #9

; Function Attrs: nofree nounwind memory(read)
declare noundef ptr @getenv(ptr nocapture noundef) local_unnamed_addr #10

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #11

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nofree nounwind memory(read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { nounwind allocsize(0) }
attributes #13 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !10, i64 16}
!6 = !{!"ops", !7, i64 0, !7, i64 8, !10, i64 16}
!7 = !{!"any pointer", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!"long", !8, i64 0}
!11 = !{!6, !7, i64 0}
!12 = !{!6, !7, i64 8}
!13 = !{!10, !10, i64 0}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.mustprogress"}
