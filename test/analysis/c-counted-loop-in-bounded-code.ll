; Rare writes: a counted loop (constant trip counts, fewer iterations in
; all than -cacheline-hot-write-count) in code that runs a bounded number
; of times repeats a bounded number of times. main runs once; fill_map is
; called only by main outside its loops. Their table fills after the first
; thread starts are rare writes: @table and @map are read-mostly (before,
; any loop in run-time code made its writes hot). The same loop in code
; that runs per iteration of a busy loop (refill, from the worker's loop)
; or per event (on_tick, from the ticker's loop that sleeps) repeats with
; that code: @cache and @ticks stay write-hot. A loop of 4096 iterations
; is not counted at the default threshold of 1000 (@big write-hot), and is
; at 5000 (read-mostly).
;
;   static long table[256], map[64], cache[64], big[4096], ticks[8];
;   static volatile int stop;
;   __attribute__((noinline)) static void fill_map(long seed) {
;     for (int i = 0; i < 64; ++i) map[i] = seed + i; }
;   __attribute__((noinline)) static void refill(long v) {
;     for (int i = 0; i < 64; ++i) cache[i] = v; }
;   __attribute__((noinline)) static void on_tick(long t) {
;     for (int i = 0; i < 8; ++i) ticks[i] += t; }
;   static void *worker(void *arg) { long n = (long)arg, sum = 0;
;     for (long i = 0; i < n; ++i) {
;       sum += table[i & 255] + map[i & 63] + big[i & 4095] + cache[i & 63];
;       refill(i); }
;     return (void *)sum; }
;   static void *ticker(void *arg) {
;     while (!stop) { on_tick(1); usleep(1000); } return 0; }
;   int main(int argc, char **argv) {
;     pthread_t w, t; pthread_create(&t, 0, ticker, 0);
;     for (int i = 0; i < 256; ++i) table[i] = i * argc;
;     fill_map(argc);
;     for (int i = 0; i < 4096; ++i) big[i] = i + argc;
;     pthread_create(&w, 0, worker, (void *)(long)(argc * 100000));
;     ... joins both, prints ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -cacheline-hot-write-count=5000 -disable-output %s > %t.5000
; RUN: FileCheck %s --check-prefix=BIG --input-file=%t.5000

; CHECK-DAG: "class":"read-mostly","name":"table",{{.*}}"reason":"written only rarely while threads run (store in main after threads may exist in a counted loop); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"map",{{.*}}"reason":"written only rarely while threads run (store in fill_map (called at run time) in a counted loop); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"cache",{{.*}}"reason":"written while threads run: store in refill (called repeatedly while threads run) in a loop"
; CHECK-DAG: "class":"write-hot","name":"ticks",{{.*}}"reason":"written while threads run: store in on_tick (called at the pace of events) in a loop"
; CHECK-DAG: "class":"write-hot","name":"big",{{.*}}"reason":"written while threads run: store in main after threads may exist in a loop"

; BIG: global big: read-mostly: written only rarely while threads run (store in main after threads may exist in a counted loop)
; BIG: global ticks: write-hot
; BIG: global cache: write-hot

source_filename = "t.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = internal unnamed_addr global [256 x i64] zeroinitializer, align 16
@big = internal unnamed_addr global [4096 x i64] zeroinitializer, align 16
@stop = internal global i32 0, align 4
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@ticks = internal unnamed_addr global [8 x i64] zeroinitializer, align 16
@map = internal unnamed_addr global [64 x i64] zeroinitializer, align 16
@cache = internal unnamed_addr global [64 x i64] zeroinitializer, align 16

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr {
entry:
  %w = alloca i64, align 8
  %t = alloca i64, align 8
  %r = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %w)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @ticker, ptr noundef null)
  %0 = sext i32 %argc to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  %conv1 = sext i32 %argc to i64
  call fastcc void @fill_map(i64 noundef %conv1)
  %1 = sext i32 %argc to i64
  br label %for.body7

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  %2 = mul nsw i64 %indvars.iv, %0
  %arrayidx = getelementptr inbounds [256 x i64], ptr @table, i64 0, i64 %indvars.iv
  store i64 %2, ptr %arrayidx, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 256
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body

for.cond.cleanup6:                                ; preds = %for.body7
  %mul14 = mul nsw i32 %argc, 100000
  %conv15 = sext i32 %mul14 to i64
  %3 = inttoptr i64 %conv15 to ptr
  %call16 = call i32 @pthread_create(ptr noundef nonnull %w, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %3)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r)
  %4 = load i64, ptr %w, align 8
  %call17 = call i32 @pthread_join(i64 noundef %4, ptr noundef nonnull %r)
  store volatile i32 1, ptr @stop, align 4
  %5 = load i64, ptr %t, align 8
  %call18 = call i32 @pthread_join(i64 noundef %5, ptr noundef null)
  %6 = load ptr, ptr %r, align 8
  %7 = ptrtoint ptr %6 to i64
  %8 = load i64, ptr @ticks, align 16
  %cmp19 = icmp sgt i64 %8, 0
  %conv21 = zext i1 %cmp19 to i64
  %call22 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %7, i64 noundef %conv21)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %w)
  ret i32 0

for.body7:                                        ; preds = %for.cond.cleanup, %for.body7
  %indvars.iv36 = phi i64 [ 0, %for.cond.cleanup ], [ %indvars.iv.next37, %for.body7 ]
  %9 = add nsw i64 %indvars.iv36, %1
  %arrayidx10 = getelementptr inbounds [4096 x i64], ptr @big, i64 0, i64 %indvars.iv36
  store i64 %9, ptr %arrayidx10, align 8
  %indvars.iv.next37 = add nuw nsw i64 %indvars.iv36, 1
  %exitcond40.not = icmp eq i64 %indvars.iv.next37, 4096
  br i1 %exitcond40.not, label %for.cond.cleanup6, label %for.body7
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @ticker(ptr nocapture readnone %arg) {
entry:
  %0 = load volatile i32, ptr @stop, align 4
  %tobool.not1 = icmp eq i32 %0, 0
  br i1 %tobool.not1, label %while.body, label %while.end

while.body:                                       ; preds = %entry, %while.body
  tail call fastcc void @on_tick()
  %call = tail call i32 @usleep(i32 noundef 1000)
  %1 = load volatile i32, ptr @stop, align 4
  %tobool.not = icmp eq i32 %1, 0
  br i1 %tobool.not, label %while.body, label %while.end

while.end:                                        ; preds = %while.body, %entry
  ret ptr null
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

define internal fastcc void @fill_map(i64 noundef %seed) unnamed_addr {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret void

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  %add = add nsw i64 %indvars.iv, %seed
  %arrayidx = getelementptr inbounds [64 x i64], ptr @map, i64 0, i64 %indvars.iv
  store i64 %add, ptr %arrayidx, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 64
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp17 = icmp sgt ptr %arg, null
  br i1 %cmp17, label %for.body, label %for.cond.cleanup

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %1 = inttoptr i64 %add9 to ptr
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %sum.0.lcssa = phi ptr [ null, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret ptr %sum.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %i.019 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %sum.018 = phi i64 [ %add9, %for.body ], [ 0, %entry ]
  %and = and i64 %i.019, 255
  %arrayidx = getelementptr inbounds [256 x i64], ptr @table, i64 0, i64 %and
  %2 = load i64, ptr %arrayidx, align 8
  %and1 = and i64 %i.019, 63
  %arrayidx2 = getelementptr inbounds [64 x i64], ptr @map, i64 0, i64 %and1
  %3 = load i64, ptr %arrayidx2, align 8
  %and3 = and i64 %i.019, 4095
  %arrayidx4 = getelementptr inbounds [4096 x i64], ptr @big, i64 0, i64 %and3
  %4 = load i64, ptr %arrayidx4, align 8
  %arrayidx7 = getelementptr inbounds [64 x i64], ptr @cache, i64 0, i64 %and1
  %5 = load i64, ptr %arrayidx7, align 8
  %add = add i64 %2, %sum.018
  %add5 = add i64 %add, %3
  %add8 = add i64 %add5, %4
  %add9 = add i64 %add8, %5
  tail call fastcc void @refill(i64 noundef %i.019)
  %inc = add nuw nsw i64 %i.019, 1
  %exitcond.not = icmp eq i64 %inc, %0
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal fastcc void @on_tick() unnamed_addr {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret void

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds [8 x i64], ptr @ticks, i64 0, i64 %indvars.iv
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, 1
  store i64 %add, ptr %arrayidx, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 8
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @usleep(i32 noundef) local_unnamed_addr

define internal fastcc void @refill(i64 noundef %v) unnamed_addr {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret void

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds [64 x i64], ptr @cache, i64 0, i64 %indvars.iv
  store i64 %v, ptr %arrayidx, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 64
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}
