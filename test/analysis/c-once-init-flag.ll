; Once regions (OnceRegions.h): code behind a test of an init flag, in a
; function that sets the flag on that path, runs once however often the
; function is called. init() is called by both workers on every lookup, but
; its table fill (a short counted loop) and the store to mode run once:
; table and mode are read-mostly. Not once:
;  * phase, set and reset in the same function (a toggle): toggled stays
;    write-hot;
;  * busy, reset unconditionally elsewhere (a try-lock): guarded stays
;    write-hot;
;  * spins, written in a loop of start_once's region whose trip count is not
;    a small constant: other threads run meanwhile, so it is write-hot;
;  * work: drain's region is its whole polling loop (the rotated loop's
;    entry test is outside the loop), which runs an unknown number of
;    times: write-hot.
;
;   static int initialized, table[256], mode; static long hits;
;   static int phase, toggled, busy, guarded, started, stop;
;   static volatile long spins; static long work;
;   __attribute__((noinline)) static void init(void) {
;     if (initialized) return;
;     for (int i = 0; i < 256; i++) table[i] = i * 7;
;     mode = 3; initialized = 1; }
;   static void lookup(int k) { init(); hits += table[k & 255] + mode; }
;   __attribute__((noinline)) static void flip(void) {
;     if (phase) phase = 0; else { phase = 1; toggled++; } }
;   __attribute__((noinline)) static void try_work(void) {
;     if (!busy) { busy = 1; guarded++; fflush(stdout); } }
;   __attribute__((noinline)) static void done_work(void) { busy = 0; }
;   __attribute__((noinline)) static void start_once(int n) {
;     if (started) return; for (int i = 0; i < n; i++) spins++; started = 1; }
;   __attribute__((noinline)) static void drain(void) {
;     while (!stop) { work++; if (fflush(stdout) != 0 || work > 100000) stop = 1; } }
;   static void *worker(void *a) { for (int i = 0; i < 1000; i++) {
;     lookup(i); flip(); try_work(); done_work(); start_once(i); drain(); } return 0; }
;   int main(void) { pthread_t t[2]; ... two workers ...; printf(...); }
; (flip is written by hand below: clang turns it into a store of a xor.)
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"read-mostly","name":"table",{{.*}}"reason":"written only at start-up (store in init once, behind the init flag initialized in a loop); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"mode",{{.*}}"reason":"written only at start-up (store in init once, behind the init flag initialized); read by load in worker (thread entry) in a loop",{{.*}}"once_flag":"initialized"
; CHECK-DAG: "class":"write-hot","name":"hits",{{.*}}"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"toggled",{{.*}}"reason":"written while threads run: store in flip (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot","name":"phase",
; CHECK-DAG: "class":"write-hot","name":"guarded",{{.*}}"reason":"written while threads run: store in try_work (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot","name":"busy",
; CHECK-DAG: "class":"write-hot","name":"spins",{{.*}}"reason":"written while threads run: store in start_once (called repeatedly while threads run) in a loop"
; CHECK-DAG: "class":"write-hot","name":"work",{{.*}}"reason":"written while threads run: store in drain (called repeatedly while threads run) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [19 x i8] c"%ld %d %d %ld %ld\0A\00", align 1
@hits = internal unnamed_addr global i64 0, align 8
@toggled = internal unnamed_addr global i32 0, align 4
@guarded = internal unnamed_addr global i32 0, align 4
@spins = internal global i64 0, align 8
@work = internal unnamed_addr global i64 0, align 8
@table = internal unnamed_addr global [256 x i32] zeroinitializer, align 16
@mode = internal unnamed_addr global i1 false, align 4
@initialized = internal unnamed_addr global i1 false, align 4
@phase = internal unnamed_addr global i1 false, align 4
@busy = internal unnamed_addr global i1 false, align 4
@stdout = external local_unnamed_addr global ptr, align 8
@started = internal unnamed_addr global i1 false, align 4
@stop = internal unnamed_addr global i1 false, align 4

define dso_local noundef i32 @main() local_unnamed_addr {
  %1 = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %1)
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %3 = getelementptr inbounds i8, ptr %1, i64 8
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %5 = load i64, ptr %1, align 16
  %6 = call i32 @pthread_join(i64 noundef %5, ptr noundef null)
  %7 = load i64, ptr %3, align 8
  %8 = call i32 @pthread_join(i64 noundef %7, ptr noundef null)
  %9 = load i64, ptr @hits, align 8
  %10 = load i32, ptr @toggled, align 4
  %11 = load i32, ptr @guarded, align 4
  %12 = load volatile i64, ptr @spins, align 8
  %13 = load i64, ptr @work, align 8
  %14 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i32 noundef %10, i32 noundef %11, i64 noundef %12, i64 noundef %13)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  br label %3

2:                                                ; preds = %3
  ret ptr null

3:                                                ; preds = %1, %3
  %4 = phi i32 [ 0, %1 ], [ %15, %3 ]
  tail call fastcc void @init()
  %5 = and i32 %4, 255
  %6 = zext i32 %5 to i64
  %7 = getelementptr inbounds [256 x i32], ptr @table, i64 0, i64 %6
  %8 = load i32, ptr %7, align 4
  %9 = load i1, ptr @mode, align 4
  %10 = select i1 %9, i32 3, i32 0
  %11 = add nsw i32 %10, %8
  %12 = sext i32 %11 to i64
  %13 = load i64, ptr @hits, align 8
  %14 = add nsw i64 %13, %12
  store i64 %14, ptr @hits, align 8
  tail call fastcc void @flip()
  tail call fastcc void @try_work()
  tail call fastcc void @done_work()
  tail call fastcc void @start_once(i32 noundef %4)
  tail call fastcc void @drain()
  %15 = add nuw nsw i32 %4, 1
  %16 = icmp eq i32 %15, 1000
  br i1 %16, label %2, label %3
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal fastcc void @flip() unnamed_addr {
  %1 = load i1, ptr @phase, align 4
  br i1 %1, label %reset, label %2

reset:
  store i1 false, ptr @phase, align 4
  br label %5

2:
  %3 = load i32, ptr @toggled, align 4
  %4 = add nsw i32 %3, 1
  store i32 %4, ptr @toggled, align 4
  store i1 true, ptr @phase, align 4
  br label %5

5:
  ret void
}

define internal fastcc void @try_work() unnamed_addr {
  %1 = load i1, ptr @busy, align 4
  br i1 %1, label %7, label %2

2:                                                ; preds = %0
  store i1 true, ptr @busy, align 4
  %3 = load i32, ptr @guarded, align 4
  %4 = add nsw i32 %3, 1
  store i32 %4, ptr @guarded, align 4
  %5 = load ptr, ptr @stdout, align 8
  %6 = tail call i32 @fflush(ptr noundef %5)
  br label %7

7:                                                ; preds = %2, %0
  ret void
}

define internal fastcc void @done_work() unnamed_addr {
  store i1 false, ptr @busy, align 4
  ret void
}

define internal fastcc void @start_once(i32 noundef %0) unnamed_addr {
  %2 = load i1, ptr @started, align 4
  br i1 %2, label %31, label %3

3:                                                ; preds = %1
  %4 = icmp sgt i32 %0, 0
  br i1 %4, label %5, label %18

5:                                                ; preds = %3
  %6 = and i32 %0, 3
  %7 = icmp ult i32 %0, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %0, 2147483644
  br label %19

10:                                               ; preds = %19, %5
  %11 = icmp eq i32 %6, 0
  br i1 %11, label %18, label %12

12:                                               ; preds = %10, %12
  %13 = phi i32 [ %16, %12 ], [ 0, %10 ]
  %14 = load volatile i64, ptr @spins, align 8
  %15 = add nsw i64 %14, 1
  store volatile i64 %15, ptr @spins, align 8
  %16 = add i32 %13, 1
  %17 = icmp eq i32 %16, %6
  br i1 %17, label %18, label %12

18:                                               ; preds = %10, %12, %3
  store i1 true, ptr @started, align 4
  br label %31

19:                                               ; preds = %19, %8
  %20 = phi i32 [ 0, %8 ], [ %29, %19 ]
  %21 = load volatile i64, ptr @spins, align 8
  %22 = add nsw i64 %21, 1
  store volatile i64 %22, ptr @spins, align 8
  %23 = load volatile i64, ptr @spins, align 8
  %24 = add nsw i64 %23, 1
  store volatile i64 %24, ptr @spins, align 8
  %25 = load volatile i64, ptr @spins, align 8
  %26 = add nsw i64 %25, 1
  store volatile i64 %26, ptr @spins, align 8
  %27 = load volatile i64, ptr @spins, align 8
  %28 = add nsw i64 %27, 1
  store volatile i64 %28, ptr @spins, align 8
  %29 = add i32 %20, 4
  %30 = icmp eq i32 %29, %9
  br i1 %30, label %10, label %19

31:                                               ; preds = %1, %18
  ret void
}

define internal fastcc void @drain() unnamed_addr {
  %1 = load i1, ptr @stop, align 4
  br i1 %1, label %16, label %2

2:                                                ; preds = %0
  %3 = load i64, ptr @work, align 8
  br label %4

4:                                                ; preds = %2, %14
  %5 = phi i64 [ %3, %2 ], [ %10, %14 ]
  %6 = add nsw i64 %5, 1
  store i64 %6, ptr @work, align 8
  %7 = load ptr, ptr @stdout, align 8
  %8 = tail call i32 @fflush(ptr noundef %7)
  %9 = icmp ne i32 %8, 0
  %10 = load i64, ptr @work, align 8
  %11 = icmp sgt i64 %10, 100000
  %12 = select i1 %9, i1 true, i1 %11
  br i1 %12, label %13, label %14

13:                                               ; preds = %4
  store i1 true, ptr @stop, align 4
  br label %16

14:                                               ; preds = %4
  %15 = load i1, ptr @stop, align 4
  br i1 %15, label %16, label %4

16:                                               ; preds = %14, %13, %0
  ret void
}

define internal fastcc void @init() unnamed_addr {
  %1 = load i1, ptr @initialized, align 4
  br i1 %1, label %14, label %2

2:                                                ; preds = %0, %2
  %3 = phi i64 [ %10, %2 ], [ 0, %0 ]
  %4 = phi <4 x i32> [ %11, %2 ], [ <i32 0, i32 1, i32 2, i32 3>, %0 ]
  %5 = getelementptr inbounds [256 x i32], ptr @table, i64 0, i64 %3
  %6 = mul <4 x i32> %4, <i32 7, i32 7, i32 7, i32 7>
  %7 = mul <4 x i32> %4, <i32 7, i32 7, i32 7, i32 7>
  %8 = add <4 x i32> %7, <i32 28, i32 28, i32 28, i32 28>
  %9 = getelementptr inbounds i8, ptr %5, i64 16
  store <4 x i32> %6, ptr %5, align 16
  store <4 x i32> %8, ptr %9, align 16
  %10 = add nuw i64 %3, 8
  %11 = add <4 x i32> %4, <i32 8, i32 8, i32 8, i32 8>
  %12 = icmp eq i64 %10, 256
  br i1 %12, label %13, label %2

13:                                               ; preds = %2
  store i1 true, ptr @mode, align 4
  store i1 true, ptr @initialized, align 4
  br label %14

14:                                               ; preds = %0, %13
  ret void
}

declare noundef i32 @fflush(ptr nocapture noundef) local_unnamed_addr


