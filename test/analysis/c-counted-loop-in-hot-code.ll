; A counted loop of hot code repeats with that code: its writes and calls
; run at the function's rate times their frequency per call (which counts
; the loop's trips), not once per iteration of the loop as if the loop
; drove them. reset_table() is hot but seldom called (a branch the source
; marks unlikely: 1/2000 of the worker's iterations); its 64-trip loop
; writes @table and calls note(), which writes @last_note, about 0.02 times
; per iteration of the worker's loop: rare, and both, read on every
; iteration, are read-mostly. (They were write-hot: the counted loop drove
; its own writes and note() at its iterations' rate.) bump_hist(), called
; on every iteration, writes @hist at full rate: write-hot. Shape: SQLite's
; unixSetSystemCall, resetting its 29 system calls in a loop, reached only
; through an extension's call. A counted loop in code that runs a bounded
; number of times is c-counted-loop-in-bounded-code.ll; one in code with no
; rate (paced by events) still drives what it does.
;
;   #include <pthread.h>
;   #include <stdio.h>
;   static int table[64], hist[64], last_note;
;   static long served;
;   __attribute__((noinline)) static void note(int i) { last_note = i; }
;   /* Called when a request asks for it, which it seldom does. */
;   __attribute__((noinline)) static void reset_table(int v) {
;     for (int i = 0; i < 64; i++) {
;       table[i] = v + i;
;       note(i);
;     }
;   }
;   /* Called on every request. */
;   __attribute__((noinline)) static void bump_hist(int v) {
;     for (int i = 0; i < 64; i++) hist[i] += v + i;
;   }
;   static void *worker(void *a) {
;     for (int i = 0; i < 100000; i++) {
;       int cmd = (i * 7) & 127;
;       if (__builtin_expect(cmd == 99, 0)) reset_table(cmd);
;       bump_hist(cmd);
;       served += table[cmd & 63] + last_note;
;     }
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
;     printf("%ld %d\n", served, hist[5]);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"table",{{.*}}"reason":"written only rarely while threads run (store in reset_table (called repeatedly while threads run) in a loop, 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"read-mostly","name":"last_note",{{.*}}"reason":"written only rarely while threads run (store in note (called repeatedly while threads run), 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"write-hot","name":"hist",
; CHECK-DAG: "class":"write-hot","name":"served",
; The merge gives the same classes.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"table"
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"last_note"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"hist"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [8 x i8] c"%ld %d\0A\00", align 1
@served = internal unnamed_addr global i64 0, align 8
@hist = internal unnamed_addr global [64 x i32] zeroinitializer, align 16
@table = internal unnamed_addr global [64 x i32] zeroinitializer, align 16
@last_note = internal unnamed_addr global i32 0, align 4

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
  %9 = load i64, ptr @served, align 8
  %10 = load i32, ptr getelementptr inbounds (i8, ptr @hist, i64 20), align 4
  %11 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i32 noundef %10)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0)  {
  br label %3

2:                                                ; preds = %9
  ret ptr null

3:                                                ; preds = %1, %9
  %4 = phi i32 [ 0, %1 ], [ %19, %9 ]
  %5 = mul nuw nsw i32 %4, 7
  %6 = and i32 %5, 127
  %7 = icmp eq i32 %6, 99
  br i1 %7, label %8, label %9, !prof !11

8:                                                ; preds = %3
  tail call fastcc void @reset_table()
  br label %9

9:                                                ; preds = %8, %3
  tail call fastcc void @bump_hist(i32 noundef %6)
  %10 = and i32 %5, 63
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds [64 x i32], ptr @table, i64 0, i64 %11
  %13 = load i32, ptr %12, align 4
  %14 = load i32, ptr @last_note, align 4
  %15 = add nsw i32 %14, %13
  %16 = sext i32 %15 to i64
  %17 = load i64, ptr @served, align 8
  %18 = add nsw i64 %17, %16
  store i64 %18, ptr @served, align 8
  %19 = add nuw nsw i32 %4, 1
  %20 = icmp eq i32 %19, 100000
  br i1 %20, label %2, label %3
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal fastcc void @reset_table() unnamed_addr  {
  br label %2

1:                                                ; preds = %2
  ret void

2:                                                ; preds = %0, %2
  %3 = phi i64 [ 0, %0 ], [ %8, %2 ]
  %4 = getelementptr inbounds [64 x i32], ptr @table, i64 0, i64 %3
  %5 = trunc i64 %3 to i32
  %6 = add i32 %5, 99
  store i32 %6, ptr %4, align 4
  %7 = trunc i64 %3 to i32
  tail call fastcc void @note(i32 noundef %7)
  %8 = add nuw nsw i64 %3, 1
  %9 = icmp eq i64 %8, 64
  br i1 %9, label %1, label %2
}

define internal fastcc void @bump_hist(i32 noundef %0) unnamed_addr  {
  %2 = insertelement <4 x i32> poison, i32 %0, i64 0
  %3 = shufflevector <4 x i32> %2, <4 x i32> poison, <4 x i32> zeroinitializer
  %4 = load <4 x i32>, ptr @hist, align 16
  %5 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 16), align 16
  %6 = add <4 x i32> %3, <i32 0, i32 1, i32 2, i32 3>
  %7 = add <4 x i32> %3, <i32 4, i32 5, i32 6, i32 7>
  %8 = add nsw <4 x i32> %6, %4
  %9 = add nsw <4 x i32> %7, %5
  store <4 x i32> %8, ptr @hist, align 16
  store <4 x i32> %9, ptr getelementptr inbounds (i8, ptr @hist, i64 16), align 16
  %10 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 32), align 16
  %11 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 48), align 16
  %12 = add <4 x i32> %3, <i32 8, i32 9, i32 10, i32 11>
  %13 = add <4 x i32> %3, <i32 12, i32 13, i32 14, i32 15>
  %14 = add nsw <4 x i32> %12, %10
  %15 = add nsw <4 x i32> %13, %11
  store <4 x i32> %14, ptr getelementptr inbounds (i8, ptr @hist, i64 32), align 16
  store <4 x i32> %15, ptr getelementptr inbounds (i8, ptr @hist, i64 48), align 16
  %16 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 64), align 16
  %17 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 80), align 16
  %18 = add <4 x i32> %3, <i32 16, i32 17, i32 18, i32 19>
  %19 = add <4 x i32> %3, <i32 20, i32 21, i32 22, i32 23>
  %20 = add nsw <4 x i32> %18, %16
  %21 = add nsw <4 x i32> %19, %17
  store <4 x i32> %20, ptr getelementptr inbounds (i8, ptr @hist, i64 64), align 16
  store <4 x i32> %21, ptr getelementptr inbounds (i8, ptr @hist, i64 80), align 16
  %22 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 96), align 16
  %23 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 112), align 16
  %24 = add <4 x i32> %3, <i32 24, i32 25, i32 26, i32 27>
  %25 = add <4 x i32> %3, <i32 28, i32 29, i32 30, i32 31>
  %26 = add nsw <4 x i32> %24, %22
  %27 = add nsw <4 x i32> %25, %23
  store <4 x i32> %26, ptr getelementptr inbounds (i8, ptr @hist, i64 96), align 16
  store <4 x i32> %27, ptr getelementptr inbounds (i8, ptr @hist, i64 112), align 16
  %28 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 128), align 16
  %29 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 144), align 16
  %30 = add <4 x i32> %3, <i32 32, i32 33, i32 34, i32 35>
  %31 = add <4 x i32> %3, <i32 36, i32 37, i32 38, i32 39>
  %32 = add nsw <4 x i32> %30, %28
  %33 = add nsw <4 x i32> %31, %29
  store <4 x i32> %32, ptr getelementptr inbounds (i8, ptr @hist, i64 128), align 16
  store <4 x i32> %33, ptr getelementptr inbounds (i8, ptr @hist, i64 144), align 16
  %34 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 160), align 16
  %35 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 176), align 16
  %36 = add <4 x i32> %3, <i32 40, i32 41, i32 42, i32 43>
  %37 = add <4 x i32> %3, <i32 44, i32 45, i32 46, i32 47>
  %38 = add nsw <4 x i32> %36, %34
  %39 = add nsw <4 x i32> %37, %35
  store <4 x i32> %38, ptr getelementptr inbounds (i8, ptr @hist, i64 160), align 16
  store <4 x i32> %39, ptr getelementptr inbounds (i8, ptr @hist, i64 176), align 16
  %40 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 192), align 16
  %41 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 208), align 16
  %42 = add <4 x i32> %3, <i32 48, i32 49, i32 50, i32 51>
  %43 = add <4 x i32> %3, <i32 52, i32 53, i32 54, i32 55>
  %44 = add nsw <4 x i32> %42, %40
  %45 = add nsw <4 x i32> %43, %41
  store <4 x i32> %44, ptr getelementptr inbounds (i8, ptr @hist, i64 192), align 16
  store <4 x i32> %45, ptr getelementptr inbounds (i8, ptr @hist, i64 208), align 16
  %46 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 224), align 16
  %47 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @hist, i64 240), align 16
  %48 = add <4 x i32> %3, <i32 56, i32 57, i32 58, i32 59>
  %49 = add <4 x i32> %3, <i32 60, i32 61, i32 62, i32 63>
  %50 = add nsw <4 x i32> %48, %46
  %51 = add nsw <4 x i32> %49, %47
  store <4 x i32> %50, ptr getelementptr inbounds (i8, ptr @hist, i64 224), align 16
  store <4 x i32> %51, ptr getelementptr inbounds (i8, ptr @hist, i64 240), align 16
  ret void
}

define internal fastcc void @note(i32 noundef %0) unnamed_addr  {
  store i32 %0, ptr @last_note, align 4
  ret void
}
!11 = !{!"branch_weights", i32 1, i32 2000}
