; A call in a once region (OnceRegions.h) runs once, as the region does,
; while other threads may run: what only such calls reach runs a bounded
; number of times, like what main calls once the threads run. fill() and
; touch() are called from init()'s region, which every lookup of both
; workers passes; fill() runs only from there. Its loop is counted (64
; trips) and, in code that runs a bounded number of times, repeats a
; bounded number of times even though it blocks (the lock calls would make
; it a waiting loop, whose writes are neither rare nor hot): @table and
; @mode are written rarely and read-mostly. (They were write-hot: fill was
; "called repeatedly while threads run".) touch() is also called from the
; workers' loop: @stamp stays write-hot. Full LTO, which inlines init()
; and fill() into the worker, puts the stores in the region itself; the
; flag on the call gives the summaries of each compile, which keep the
; calls, the same classes (SQLite's sqlite3_os_init, registering its VFSes
; under a mutex from sqlite3_initialize's region).
;
;   #include <pthread.h>
;   #include <stdio.h>
;   static int initialized, mode, table[64], stamp;
;   static long hits;
;   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
;   __attribute__((noinline)) static void fill(int n) {
;     for (int i = 0; i < 64; i++) {
;       pthread_mutex_lock(&lock);
;       table[i] = i * n;
;       pthread_mutex_unlock(&lock);
;     }
;     mode = n;
;   }
;   __attribute__((noinline)) static void touch(int n) { stamp = n; }
;   __attribute__((noinline)) static void init(int n) {
;     if (initialized) return;
;     fill(n);
;     touch(n);
;     initialized = 1;
;   }
;   static void *worker(void *a) {
;     for (int i = 0; i < 100000; i++) {
;       init(7);
;       if ((i & 1023) == 0) touch(i);
;       hits += table[i & 63] + mode + stamp;
;     }
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
;     printf("%ld\n", hits);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"table",{{.*}}"reason":"written only rarely while threads run (store in fill (called at run time) in a counted loop)
; CHECK-DAG: "class":"read-mostly","name":"mode",{{.*}}"reason":"written only rarely while threads run (store in fill (called at run time))
; CHECK-DAG: "class":"write-hot","name":"stamp",{{.*}}"reason":"written while threads run: store in touch (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot","name":"hits",
; The call sites carry the flag in the facts: the merge gives the same.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json
; FACTS: "callee":"fill",{{.*}}"once":"initialized"
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"table"
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"mode"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"stamp"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@hits = internal unnamed_addr global i64 0, align 8
@table = internal unnamed_addr global [64 x i32] zeroinitializer, align 16
@mode = internal unnamed_addr global i1 false, align 4
@stamp = internal unnamed_addr global i32 0, align 4
@initialized = internal unnamed_addr global i1 false, align 4
@lock = internal global %union.pthread_mutex_t zeroinitializer, align 8

define dso_local noundef i32 @main() local_unnamed_addr  {
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
  %10 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0)  {
  br label %3

2:                                                ; preds = %8
  ret ptr null

3:                                                ; preds = %1, %8
  %4 = phi i32 [ 0, %1 ], [ %21, %8 ]
  tail call fastcc void @init()
  %5 = and i32 %4, 1023
  %6 = icmp eq i32 %5, 0
  br i1 %6, label %7, label %8

7:                                                ; preds = %3
  tail call fastcc void @touch(i32 noundef %4)
  br label %8

8:                                                ; preds = %7, %3
  %9 = and i32 %4, 63
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds [64 x i32], ptr @table, i64 0, i64 %10
  %12 = load i32, ptr %11, align 4
  %13 = load i1, ptr @mode, align 4
  %14 = select i1 %13, i32 7, i32 0
  %15 = add nsw i32 %14, %12
  %16 = load i32, ptr @stamp, align 4
  %17 = add nsw i32 %15, %16
  %18 = sext i32 %17 to i64
  %19 = load i64, ptr @hits, align 8
  %20 = add nsw i64 %19, %18
  store i64 %20, ptr @hits, align 8
  %21 = add nuw nsw i32 %4, 1
  %22 = icmp eq i32 %21, 100000
  br i1 %22, label %2, label %3
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal fastcc void @init() unnamed_addr  {
  %1 = load i1, ptr @initialized, align 4
  br i1 %1, label %3, label %2

2:                                                ; preds = %0
  tail call fastcc void @fill()
  tail call fastcc void @touch(i32 noundef 7)
  store i1 true, ptr @initialized, align 4
  br label %3

3:                                                ; preds = %0, %2
  ret void
}

define internal fastcc void @touch(i32 noundef %0) unnamed_addr  {
  store i32 %0, ptr @stamp, align 4
  ret void
}

define internal fastcc void @fill() unnamed_addr  {
  br label %2

1:                                                ; preds = %2
  store i1 true, ptr @mode, align 4
  ret void

2:                                                ; preds = %0, %2
  %3 = phi i64 [ 0, %0 ], [ %9, %2 ]
  %4 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull @lock)
  %5 = getelementptr inbounds [64 x i32], ptr @table, i64 0, i64 %3
  %6 = trunc i64 %3 to i32
  %7 = mul i32 %6, 7
  store i32 %7, ptr %5, align 4
  %8 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull @lock)
  %9 = add nuw nsw i64 %3, 1
  %10 = icmp eq i64 %9, 64
  br i1 %10, label %1, label %2
}

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr
