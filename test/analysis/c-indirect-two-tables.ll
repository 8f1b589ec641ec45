; Function pointers loaded from one of several tables: the worker calls
; `o->step` with `o = mode ? &ops_b : &ops_a`, so the call reaches the
; functions of the two tables, not every function of its type; main calls
; @step_start through a third table before it starts the threads. With the
; union of the tables, @started is written at start-up only (it used to be
; write-hot: the signature fallback made @step_start a target of the
; worker's loop). Shape: memcached's `sam->init(&settings)`, `sam` one of
; two automover tables.
;
;   struct ops { void (*step)(long *); };  (each table one pointer here)
;   static struct ops ops_a = {step_hits}, ops_b = {step_misses}, ops_start = {step_start};
;   static void *worker(void *arg) {
;     struct ops *o = mode ? &ops_b : &ops_a; long one = 1;
;     for (int i = 0; i < rounds; i++) o->step(&one);
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     long n = argc; mode = argc > 1; rounds = argc * 1000;
;     ops_start.step(&n);
;     ... two threads run worker, main joins them ...
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"hits",{{.*}}"reason":"written while threads run: store in step_hits (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"misses",
; CHECK-DAG: "class":"read-mostly",{{.*}}"name":"started",{{.*}}"reason":"written only at start-up (store in step_start (called only at start-up))
; The facts list both tables at the call: the merge agrees.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: cat %t.facts/*.facts.json > %t.all
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all
; FACTS: "from":["ops_{{a|b}}","ops_{{a|b}}"]
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"started"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"hits"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@mode = internal unnamed_addr global i32 0, align 4
@rounds = internal unnamed_addr global i32 0, align 4
@hits = internal unnamed_addr global i64 0, align 8
@misses = internal unnamed_addr global i64 0, align 8
@started = internal unnamed_addr global i64 0, align 8
@ops_a = internal global ptr @step_hits, align 8
@ops_b = internal global ptr @step_misses, align 8
@ops_start = internal global ptr @step_start, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca [2 x i64], align 16
  %4 = sext i32 %0 to i64
  %5 = icmp sgt i32 %0, 1
  %6 = zext i1 %5 to i32
  store i32 %6, ptr @mode, align 4
  %7 = mul nsw i32 %0, 1000
  store i32 %7, ptr @rounds, align 4
  %n = alloca i64, align 8
  store i64 %4, ptr %n, align 8
  %8 = load ptr, ptr @ops_start, align 8
  call void %8(ptr noundef nonnull %n)
  %9 = load i64, ptr %n, align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  br label %10

10:                                               ; preds = %2, %10
  %11 = phi i64 [ 0, %2 ], [ %14, %10 ]
  %12 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %11
  %13 = call i32 @pthread_create(ptr noundef nonnull %12, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %14 = add nuw nsw i64 %11, 1
  %15 = icmp eq i64 %11, 0
  br i1 %15, label %10, label %24

16:                                               ; preds = %24
  %17 = load i64, ptr @hits, align 8
  %18 = load i64, ptr @misses, align 8
  %19 = add nsw i64 %18, %17
  %20 = load i64, ptr @started, align 8
  %21 = sub i64 0, %20
  %22 = icmp eq i64 %19, %21
  %23 = zext i1 %22 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  ret i32 %23

24:                                               ; preds = %10, %24
  %25 = phi i64 [ %29, %24 ], [ 0, %10 ]
  %26 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %25
  %27 = load i64, ptr %26, align 8
  %28 = call i32 @pthread_join(i64 noundef %27, ptr noundef null)
  %29 = add nuw nsw i64 %25, 1
  %30 = icmp eq i64 %25, 0
  br i1 %30, label %24, label %16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = alloca i64, align 8
  %3 = load i32, ptr @mode, align 4
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %2)
  store i64 1, ptr %2, align 8
  %4 = load i32, ptr @rounds, align 4
  %5 = icmp sgt i32 %4, 0
  br i1 %5, label %6, label %9

6:                                                ; preds = %1
  %7 = icmp eq i32 %3, 0
  %8 = select i1 %7, ptr @ops_b, ptr @ops_a
  br label %10

9:                                                ; preds = %10, %1
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %2)
  ret ptr null

10:                                               ; preds = %6, %10
  %11 = phi i32 [ 0, %6 ], [ %12, %10 ]
  %f = load ptr, ptr %8, align 8
  call void %f(ptr noundef nonnull %2)
  %12 = add nuw nsw i32 %11, 1
  %13 = load i32, ptr @rounds, align 4
  %14 = icmp slt i32 %12, %13
  br i1 %14, label %10, label %9
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: read, inaccessiblemem: none) uwtable
define internal void @step_hits(ptr nocapture noundef readonly %0) unnamed_addr {
  %2 = load i64, ptr %0, align 8
  %3 = load i64, ptr @hits, align 8
  %4 = add nsw i64 %3, %2
  store i64 %4, ptr @hits, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: read, inaccessiblemem: none) uwtable
define internal void @step_misses(ptr nocapture noundef readonly %0) unnamed_addr {
  %2 = load i64, ptr %0, align 8
  %3 = load i64, ptr @misses, align 8
  %4 = add nsw i64 %3, %2
  store i64 %4, ptr @misses, align 8
  ret void
}

define internal void @step_start(ptr nocapture noundef readonly %0) unnamed_addr {
  %2 = load i64, ptr %0, align 8
  %3 = load i64, ptr @started, align 8
  %4 = add nsw i64 %3, %2
  store i64 %4, ptr @started, align 8
  ret void
}
