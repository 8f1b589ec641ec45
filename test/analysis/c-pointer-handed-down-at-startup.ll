; Accesses through a pointer parameter run during the call that handed the
; pointer down. bump() increments the counter it is given; the worker's
; busy loop calls it with &hits, so bump runs repeatedly while threads
; run. main calls it with &limit only before it starts the thread: those
; writes are start-up, and @limit, read in the worker's loop, is
; read-mostly (before, every access in bump counted as bump's own, hot:
; @limit was write-hot, and a copy of bump inlined into main was not).
; @hits stays write-hot.
;
;   struct counter { long n; };
;   static struct counter hits, limit;
;   __attribute__((noinline)) static void bump(struct counter *c) { c->n++; }
;   static void *worker(void *arg) { long n = (long)arg, sum = 0;
;     for (long i = 0; i < n; ++i) {
;       if (hits.n < limit.n) bump(&hits);
;       sum += limit.n; }
;     return (void *)sum; }
;   int main(int argc, char **argv) {
;     for (int i = 0; i < argc * 1000; ++i) bump(&limit);
;     ... one worker thread, joined; prints hits.n, limit.n ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>,verify' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt

; CHECK-DAG: global limit: read-mostly: written only at start-up (store in bump, through a pointer main hands down at start-up); read by
; CHECK-DAG: global hits: write-hot: written while threads run: store in bump (called repeatedly while threads run)

source_filename = "h.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.counter = type { i64 }

@limit = internal global %struct.counter zeroinitializer, align 8
@.str = private unnamed_addr constant [13 x i8] c"%ld %ld %ld\0A\00", align 1
@hits = internal global %struct.counter zeroinitializer, align 8

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

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp4 = icmp sgt ptr %arg, null
  br i1 %cmp4, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %1 = load i64, ptr @limit, align 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %if.end
  %2 = mul i64 %1, %0
  %3 = inttoptr i64 %2 to ptr
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %sum.0.lcssa = phi ptr [ null, %entry ], [ %3, %for.cond.cleanup.loopexit ]
  ret ptr %sum.0.lcssa

for.body:                                         ; preds = %for.body.lr.ph, %if.end
  %i.06 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %if.end ]
  %4 = load i64, ptr @hits, align 8
  %cmp1 = icmp slt i64 %4, %1
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  tail call fastcc void @bump(ptr noundef nonnull @hits)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %inc = add nuw nsw i64 %i.06, 1
  %exitcond.not = icmp eq i64 %inc, %0
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare i32 @llvm.smax.i32(i32, i32)
