; Accesses through a pointer parameter run during the call that handed the
; pointer down. bump() increments the counter it is given and sync_on()
; locks and unlocks the mutex it is given; the worker's busy loop calls
; them with &hits and &hot_lock, so both run repeatedly while threads run.
; main calls them with &limit and &setup_lock only before it starts the
; thread: those accesses are start-up. @limit, read in the worker's loop,
; is read-mostly and @setup_lock, never read, neutral (before, every access
; in a callee counted as the callee's own, hot: both were write-hot, while
; a copy of the callee inlined into main was not). @hits and @hot_lock stay
; write-hot.
;
;   struct counter { long n; };
;   static struct counter hits, limit;
;   static pthread_mutex_t hot_lock = PTHREAD_MUTEX_INITIALIZER;
;   static pthread_mutex_t setup_lock = PTHREAD_MUTEX_INITIALIZER;
;   __attribute__((noinline)) static void bump(struct counter *c) { c->n++; }
;   __attribute__((noinline)) static void sync_on(pthread_mutex_t *m) {
;     pthread_mutex_lock(m); pthread_mutex_unlock(m); }
;   static void *worker(void *arg) { long n = (long)arg, sum = 0;
;     for (long i = 0; i < n; ++i) {
;       if (hits.n < limit.n) { bump(&hits); sync_on(&hot_lock); }
;       sum += limit.n; }
;     return (void *)sum; }
;   int main(int argc, char **argv) {
;     for (int i = 0; i < argc * 1000; ++i) { bump(&limit); sync_on(&setup_lock); }
;     ... one worker thread, joined; prints hits.n, limit.n ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>,verify' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt

; CHECK-DAG: global limit: read-mostly: written only at start-up (store in bump, through a pointer main hands down at start-up); read by load in worker (thread entry) in a loop
; CHECK-DAG: global setup_lock: neutral: never read
; CHECK-DAG: global hits: write-hot: written while threads run: store in bump (called repeatedly while threads run)
; CHECK-DAG: global hot_lock: write-hot: written while threads run: pthread_mutex_unlock() in sync_on (called repeatedly while threads run)

source_filename = "h.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.counter = type { i64 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@limit = internal global %struct.counter zeroinitializer, align 8
@setup_lock = internal global %union.pthread_mutex_t zeroinitializer, align 8
@.str = private unnamed_addr constant [13 x i8] c"%ld %ld %ld\0A\00", align 1
@hits = internal global %struct.counter zeroinitializer, align 8
@hot_lock = internal global %union.pthread_mutex_t zeroinitializer, align 8

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %r = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %cmp6 = icmp sgt i32 %argc, 0
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %mul = mul i32 %argc, 1000
  %smax = tail call i32 @llvm.smax.i32(i32 %mul, i32 1)
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %mul1 = mul nsw i32 %argc, 100000
  %conv = sext i32 %mul1 to i64
  %0 = inttoptr i64 %conv to ptr
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %0)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r)
  %1 = load i64, ptr %t, align 8
  %call2 = call i32 @pthread_join(i64 noundef %1, ptr noundef nonnull %r)
  %2 = load ptr, ptr %r, align 8
  %3 = ptrtoint ptr %2 to i64
  %4 = load i64, ptr @hits, align 8
  %5 = load i64, ptr @limit, align 8
  %call3 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %3, i64 noundef %4, i64 noundef %5)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.07 = phi i32 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  tail call fastcc void @bump(ptr noundef nonnull @limit)
  tail call fastcc void @sync_on(ptr noundef nonnull @setup_lock)
  %inc = add nuw nsw i32 %i.07, 1
  %exitcond.not = icmp eq i32 %inc, %smax
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

define internal fastcc void @bump(ptr nocapture noundef %c) unnamed_addr {
entry:
  %0 = load i64, ptr %c, align 8
  %inc = add nsw i64 %0, 1
  store i64 %inc, ptr %c, align 8
  ret void
}

define internal fastcc void @sync_on(ptr noundef %m) unnamed_addr {
entry:
  %call = tail call i32 @pthread_mutex_lock(ptr noundef %m)
  %call1 = tail call i32 @pthread_mutex_unlock(ptr noundef %m)
  ret void
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp4 = icmp sgt ptr %arg, null
  br i1 %cmp4, label %for.body, label %for.cond.cleanup

for.cond.cleanup.loopexit:                        ; preds = %if.end
  %1 = inttoptr i64 %add to ptr
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %sum.0.lcssa = phi ptr [ null, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret ptr %sum.0.lcssa

for.body:                                         ; preds = %entry, %if.end
  %i.06 = phi i64 [ %inc, %if.end ], [ 0, %entry ]
  %sum.05 = phi i64 [ %add, %if.end ], [ 0, %entry ]
  %2 = load i64, ptr @hits, align 8
  %3 = load i64, ptr @limit, align 8
  %cmp1 = icmp slt i64 %2, %3
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  tail call fastcc void @bump(ptr noundef nonnull @hits)
  tail call fastcc void @sync_on(ptr noundef nonnull @hot_lock)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %4 = load i64, ptr @limit, align 8
  %add = add nsw i64 %4, %sum.05
  %inc = add nuw nsw i64 %i.06, 1
  %exitcond.not = icmp eq i64 %inc, %0
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr

declare i32 @llvm.smax.i32(i32, i32)
