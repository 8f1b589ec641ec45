; A function of a whole program that nothing calls and whose address nothing
; takes never runs: its accesses and calls are none of the program's. A
; compile inlines os_init(), an external API function, into its only caller
; and keeps its body for other modules; full LTO's link internalizes it and
; GlobalDCE drops it before the pass runs, but the facts of the compile
; still have it. Its store of @registered, in a loop that waits (the lock
; calls), made the global "written at run time, but not repeatedly"
; (neutral) in the two-stage flow, while the only store that runs is the
; inlined copy in worker's once region: read-mostly, as full LTO says.
; (Both flows said neutral here with the plugin of c333a84: the RUN lines
; internalize, as the LTO link does, but do not drop dead functions.)
; SQLite's sqlite3_os_init, inlined into sqlite3_initialize, gave vfsList
; that difference.
;
;   #include <pthread.h>
;   #include <stdio.h>
;   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
;   static int initialized, registered;
;   static long hits;
;
;   void os_init(void) {
;     for (int i = 0; i < 4; i++) {
;       pthread_mutex_lock(&lock);
;       registered = i + 1;
;       pthread_mutex_unlock(&lock);
;     }
;   }
;
;   static void initialize(void) {
;     if (initialized)
;       return;
;     os_init();
;     initialized = 1;
;   }
;
;   static void *worker(void *arg) {
;     for (long i = 0; i < 1000000; i++) {
;       initialize();
;       __atomic_fetch_add(&hits, registered, __ATOMIC_RELAXED);
;     }
;     return arg;
;   }
;
;   int main(void) {
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++)
;       pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++)
;       pthread_join(t[i], 0);
;     printf("%ld\n", hits);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='internalize,cacheline-layout,verify' -internalize-public-api-list=main -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: not grep -q '"function":"os_init"' %t.json
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --input-file=%t.layout
; RUN: not grep -q '"function":"os_init"' %t.layout
; CHECK-DAG: "class":"read-mostly",{{.*}}"name":"registered",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in worker once, behind the init flag initialized)
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"hits",

; ModuleID = 'dead.c'
source_filename = "dead.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@lock = internal global %union.pthread_mutex_t zeroinitializer, align 8
@registered = internal unnamed_addr global i32 0, align 4
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@hits = internal global i64 0, align 8
@initialized = internal unnamed_addr global i1 false, align 4

define dso_local void @os_init() local_unnamed_addr #0 {
entry:
  %call = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 1, ptr @registered, align 4, !tbaa !5
  %call1 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.1 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 2, ptr @registered, align 4, !tbaa !5
  %call1.1 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.2 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 3, ptr @registered, align 4, !tbaa !5
  %call1.2 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.3 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 4, ptr @registered, align 4, !tbaa !5
  %call1.3 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #2

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #5
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #5
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #5
  %0 = load i64, ptr %t, align 16, !tbaa !9
  %call8 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #5
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !9
  %call8.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #5
  %2 = load i64, ptr @hits, align 8, !tbaa !9
  %call12 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %2)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #5
  ret i32 0
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noundef ptr @worker(ptr noundef readnone returned %arg) #0 {
entry:
  %.b.i.pre = load i1, ptr @initialized, align 4
  br i1 %.b.i.pre, label %initialize.exit.peel, label %if.end.i.peel

if.end.i.peel:                                    ; preds = %entry
  %call.i.i.peel = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 1, ptr @registered, align 4, !tbaa !5
  %call1.i.i.peel = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.1.i.i.peel = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 2, ptr @registered, align 4, !tbaa !5
  %call1.1.i.i.peel = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.2.i.i.peel = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 3, ptr @registered, align 4, !tbaa !5
  %call1.2.i.i.peel = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  %call.3.i.i.peel = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock) #5
  store i32 4, ptr @registered, align 4, !tbaa !5
  %call1.3.i.i.peel = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock) #5
  store i1 true, ptr @initialized, align 4
  br label %initialize.exit.peel

initialize.exit.peel:                             ; preds = %if.end.i.peel, %entry
  %0 = load i32, ptr @registered, align 4, !tbaa !5
  %conv.peel = sext i32 %0 to i64
  %1 = atomicrmw add ptr @hits, i64 %conv.peel monotonic, align 8
  %2 = load i32, ptr @registered, align 4, !tbaa !5
  %conv = sext i32 %2 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr %arg

for.body:                                         ; preds = %initialize.exit.peel, %for.body
  %i.02 = phi i64 [ 1, %initialize.exit.peel ], [ %inc, %for.body ]
  %3 = atomicrmw add ptr @hits, i64 %conv monotonic, align 8
  %inc = add nuw nsw i64 %i.02, 1
  %exitcond.not = icmp eq i64 %inc, 1000000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #3

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.peeled.count", i32 1}
