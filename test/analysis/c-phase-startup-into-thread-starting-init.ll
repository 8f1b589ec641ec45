; Start-up runs into a function that starts a thread, when only start-up
; code calls it, up to its first thread creation: init_logger (called by
; main before main starts its workers) sets log_tail, then starts the logger
; thread, then sets log_level. log_tail is written before any thread exists
; (read-mostly; it was "written at run time", neutral, when only main was
; split at its first creation); log_level is written while the logger runs.
; Shape: memcached's logger_init (logger_stack_tail = 0, then
; start_logger_thread), which full LTO inlines into main: the split gives
; both flows the same class.
;
;   static int log_tail, log_level; static long served; static volatile int stop;
;   static void *logger(void *arg) { long n = 0; while (!stop) n += log_tail; return (void *)n; }
;   static void *worker(void *arg) {
;     for (int i = 0; i < 100000; i++) served += log_tail + log_level;
;     return 0;
;   }
;   __attribute__((noinline)) static void init_logger(int argc) {
;     pthread_t t; log_tail = argc; pthread_create(&t, 0, logger, 0); log_level = argc + 1;
;   }
;   int main(int argc, char **argv) {
;     init_logger(argc); ... two threads run worker, main joins them; stop = 1; ...
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly",{{.*}}"name":"log_tail",{{.*}}"reason":"written only at start-up (store in init_logger before the first thread starts)
; CHECK-DAG: "class":"neutral",{{.*}}"name":"log_level",{{.*}}"reason":"written at run time, but not repeatedly: store in init_logger (called at run time)
; The facts carry init_logger's CFG: the merge splits it too.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"log_tail"
; MERGE-DAG: "class":"neutral",{{.*}}"name":"log_level"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@stop = internal global i32 0, align 4
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@served = internal unnamed_addr global i64 0, align 8
@log_tail = internal unnamed_addr global i32 0, align 4
@log_level = internal unnamed_addr global i32 0, align 4

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  tail call fastcc void @init_logger(i32 noundef %0)
  br label %4

4:                                                ; preds = %2, %4
  %5 = phi i64 [ 0, %2 ], [ %8, %4 ]
  %6 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %5
  %7 = call i32 @pthread_create(ptr noundef nonnull %6, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %8 = add nuw nsw i64 %5, 1
  %9 = icmp eq i64 %5, 0
  br i1 %9, label %4, label %13

10:                                               ; preds = %13
  store volatile i32 1, ptr @stop, align 4
  %11 = load i64, ptr @served, align 8
  %12 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %11)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  ret i32 0

13:                                               ; preds = %4, %13
  %14 = phi i64 [ %18, %13 ], [ 0, %4 ]
  %15 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %14
  %16 = load i64, ptr %15, align 8
  %17 = call i32 @pthread_join(i64 noundef %16, ptr noundef null)
  %18 = add nuw nsw i64 %14, 1
  %19 = icmp eq i64 %14, 0
  br i1 %19, label %13, label %10
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: noinline nounwind uwtable
define internal fastcc void @init_logger(i32 noundef %0) unnamed_addr {
  %2 = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %2)
  store i32 %0, ptr @log_tail, align 4
  %3 = call i32 @pthread_create(ptr noundef nonnull %2, ptr noundef null, ptr noundef nonnull @logger, ptr noundef null)
  %4 = add nsw i32 %0, 1
  store i32 %4, ptr @log_level, align 4
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %2)
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @log_level, align 4
  %3 = load i32, ptr @log_tail, align 4
  %4 = add i32 %2, %3
  %5 = sext i32 %4 to i64
  %6 = mul nsw i64 %5, 100000
  %7 = load i64, ptr @served, align 8
  %8 = add i64 %7, %6
  store i64 %8, ptr @served, align 8
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

; Function Attrs: nofree norecurse nounwind memory(readwrite, argmem: none) uwtable
define internal ptr @logger(ptr nocapture readnone %0) {
  %2 = load volatile i32, ptr @stop, align 4
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %4, label %14

4:                                                ; preds = %1
  %5 = load i32, ptr @log_tail, align 4
  %6 = sext i32 %5 to i64
  br label %7

7:                                                ; preds = %4, %7
  %8 = phi i64 [ 0, %4 ], [ %9, %7 ]
  %9 = add nsw i64 %8, %6
  %10 = load volatile i32, ptr @stop, align 4
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %7, label %12

12:                                               ; preds = %7
  %13 = inttoptr i64 %9 to ptr
  br label %14

14:                                               ; preds = %12, %1
  %15 = phi ptr [ null, %1 ], [ %13, %12 ]
  ret ptr %15
}
