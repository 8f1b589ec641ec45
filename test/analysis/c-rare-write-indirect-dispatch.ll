; Rare writes through an indirect call: one indirect call runs one of the
; functions it may reach, and without a profile any one as likely as
; another (as BranchProbabilityInfo weighs a switch's cases), so each of the
; twenty command handlers of the table runs 1/20 of the loop's iterations.
; The store of one handler (@verbose) is rare and @verbose, read on every
; iteration, is read-mostly. A call that may reach only two functions gives
; each half of its runs: @mode, stored by one of them, stays write-hot.
; (Before the share, every target ran as often as the call: @verbose was
; write-hot.) The same shape as c-rare-write-dispatch.ll with a table of
; function pointers instead of a switch.
;
;   #include <pthread.h>
;   #include <stdio.h>
;   static int verbose, mode;
;   static long requests, bytes;
;   static void h0(void) { verbose = 1; }
;   static void h1(void) { bytes += 1; }
;   static void h2(void) { bytes += 2; }
;   static void h3(void) { bytes += 3; }
;   static void h4(void) { bytes += 4; }
;   static void h5(void) { bytes += 5; }
;   static void h6(void) { bytes += 6; }
;   static void h7(void) { bytes += 7; }
;   static void h8(void) { bytes += 8; }
;   static void h9(void) { bytes += 9; }
;   static void h10(void) { bytes += 10; }
;   static void h11(void) { bytes += 11; }
;   static void h12(void) { bytes += 12; }
;   static void h13(void) { bytes += 13; }
;   static void h14(void) { bytes += 14; }
;   static void h15(void) { bytes += 15; }
;   static void h16(void) { bytes += 16; }
;   static void h17(void) { bytes += 17; }
;   static void h18(void) { bytes += 18; }
;   static void h19(void) { bytes += 19; }
;   static void (*const commands[20])(void) = {h0,h1,h2,h3,h4,h5,h6,h7,h8,h9,h10,h11,h12,h13,h14,h15,h16,h17,h18,h19};
;   static void p0(void) { mode = 1; }
;   static void p1(void) { bytes += 100; }
;   static void (*const pair[2])(void) = {p0, p1};
;   static void *worker(void *a) {
;     for (unsigned i = 0; i < 100000; ++i) {
;       unsigned cmd = (i * 7 + verbose + mode) % 20;
;       commands[cmd]();
;       pair[i & 1]();
;       requests++;
;     }
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
;     printf("%ld %ld %d %d\n", requests, bytes, verbose, mode);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"verbose",{{.*}}"reason":"written only rarely while threads run (store in h0 (called repeatedly while threads run), 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"write-hot","name":"mode",{{.*}}"reason":"written while threads run: store in p0 (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot","name":"bytes",
; CHECK-DAG: "class":"write-hot","name":"requests",
; The merge gives the same classes.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"verbose"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"mode"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [15 x i8] c"%ld %ld %d %d\0A\00", align 1
@requests = internal unnamed_addr global i64 0, align 8
@bytes = internal unnamed_addr global i64 0, align 8
@verbose = internal unnamed_addr global i1 false, align 4
@mode = internal unnamed_addr global i1 false, align 4
@commands = internal unnamed_addr constant [20 x ptr] [ptr @h0, ptr @h1, ptr @h2, ptr @h3, ptr @h4, ptr @h5, ptr @h6, ptr @h7, ptr @h8, ptr @h9, ptr @h10, ptr @h11, ptr @h12, ptr @h13, ptr @h14, ptr @h15, ptr @h16, ptr @h17, ptr @h18, ptr @h19], align 16
@pair = internal unnamed_addr constant [2 x ptr] [ptr @p0, ptr @p1], align 16

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
  %9 = load i64, ptr @requests, align 8
  %10 = load i64, ptr @bytes, align 8
  %11 = load i1, ptr @verbose, align 4
  %12 = zext i1 %11 to i32
  %13 = load i1, ptr @mode, align 4
  %14 = zext i1 %13 to i32
  %15 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i64 noundef %10, i32 noundef %12, i32 noundef %14)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noundef ptr @worker(ptr nocapture readnone %0)  {
  br label %3

2:                                                ; preds = %3
  ret ptr null

3:                                                ; preds = %1, %3
  %4 = phi i32 [ 0, %1 ], [ %22, %3 ]
  %5 = mul nuw nsw i32 %4, 7
  %6 = load i1, ptr @verbose, align 4
  %7 = zext i1 %6 to i32
  %8 = add nuw nsw i32 %5, %7
  %9 = load i1, ptr @mode, align 4
  %10 = zext i1 %9 to i32
  %11 = add nuw nsw i32 %8, %10
  %12 = urem i32 %11, 20
  %13 = zext i32 %12 to i64
  %14 = getelementptr inbounds [20 x ptr], ptr @commands, i64 0, i64 %13
  %15 = load ptr, ptr %14, align 8
  tail call void %15()
  %16 = and i32 %4, 1
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds [2 x ptr], ptr @pair, i64 0, i64 %17
  %19 = load ptr, ptr %18, align 8
  tail call void %19()
  %20 = load i64, ptr @requests, align 8
  %21 = add nsw i64 %20, 1
  store i64 %21, ptr @requests, align 8
  %22 = add nuw nsw i32 %4, 1
  %23 = icmp eq i32 %22, 100000
  br i1 %23, label %2, label %3
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal void @h0()  {
  store i1 true, ptr @verbose, align 4
  ret void
}

define internal void @h1()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 1
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h2()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 2
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h3()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 3
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h4()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 4
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h5()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 5
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h6()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 6
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h7()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 7
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h8()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 8
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h9()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 9
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h10()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 10
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h11()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 11
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h12()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 12
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h13()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 13
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h14()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 14
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h15()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 15
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h16()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 16
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h17()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 17
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h18()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 18
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @h19()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 19
  store i64 %2, ptr @bytes, align 8
  ret void
}

define internal void @p0()  {
  store i1 true, ptr @mode, align 4
  ret void
}

define internal void @p1()  {
  %1 = load i64, ptr @bytes, align 8
  %2 = add nsw i64 %1, 100
  store i64 %2, ptr @bytes, align 8
  ret void
}
