; Function pointers through an ops table: a lock allocator reached by an
; indirect call (`ops.alloc(i)`, as SQLite's xMutexAlloc) returns
; &static_locks[i], and the workers hand what it returns to two more
; indirect calls (`ops.enter(l)`, `ops.leave(l)`) whose targets lock it.
; The walk follows the returned address into the results of every call
; that may reach the allocator, and a pointer handed to an indirect call
; into every function that call may reach: @static_locks is write-hot by
; those lock calls instead of skipped as "address returned". The table is
; filled with `single ? noop_x : table_x`: both choices are its targets, so
; @no_lock, which only the no-op pair ever gets, counts as locked too (the
; resolution's over-approximation: the union of what the targets do).
;
;   struct lock { pthread_mutex_t m; };
;   struct lock_ops { struct lock *(*alloc)(int); void (*enter)(struct lock *);
;                     void (*leave)(struct lock *); };
;   static struct lock static_locks[4] = {...}, no_lock;
;   static struct lock *table_alloc(int id) { return &static_locks[id & 3]; }
;   static void table_enter(struct lock *l) { pthread_mutex_lock(&l->m); }
;   static void table_leave(struct lock *l) { pthread_mutex_unlock(&l->m); }
;   static struct lock *noop_alloc(int id) { return &no_lock; }
;   static void noop_enter(struct lock *l) {}  static void noop_leave(struct lock *l) {}
;   static struct lock_ops ops; static long counter; static int rounds;
;   static void *worker(void *arg) {
;     for (int i = 0; i < rounds; i++) {
;       struct lock *l = ops.alloc(i); ops.enter(l); counter++; ops.leave(l);
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     int single = argc > 3;
;     ops.alloc = single ? noop_alloc : table_alloc;
;     ops.enter = single ? noop_enter : table_enter;
;     ops.leave = single ? noop_leave : table_leave;
;     rounds = argc * 1000;
;     ... two threads run worker, main joins them ...
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"static_locks",{{.*}}"reason":"written while threads run: pthread_mutex_{{lock|unlock}}() in table_{{enter|leave}} (called repeatedly while threads run)"
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"no_lock",{{.*}}"reason":"written while threads run: pthread_mutex_{{lock|unlock}}() in table_{{enter|leave}} (called repeatedly while threads run)"
; CHECK-DAG: "class":"read-mostly","name":"ops.0",{{.*}}"reason":"written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"counter",
; The per-TU facts record the same calls and results: the merge agrees.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"static_locks"
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"ops.1"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.lock = type { %union.pthread_mutex_t }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@ops.0 = internal unnamed_addr global ptr null, align 8
@ops.1 = internal unnamed_addr global ptr null, align 8
@ops.2 = internal unnamed_addr global ptr null, align 8
@rounds = internal unnamed_addr global i32 0, align 4
@counter = internal unnamed_addr global i64 0, align 8
@no_lock = internal global %struct.lock zeroinitializer, align 8
@static_locks = internal global [4 x %struct.lock] zeroinitializer, align 16

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca [2 x i64], align 16
  %4 = icmp sgt i32 %0, 3
  %5 = select i1 %4, ptr @noop_alloc, ptr @table_alloc
  store ptr %5, ptr @ops.0, align 8
  %6 = select i1 %4, ptr @noop_enter, ptr @table_enter
  store ptr %6, ptr @ops.1, align 8
  %7 = select i1 %4, ptr @noop_leave, ptr @table_leave
  store ptr %7, ptr @ops.2, align 8
  %8 = mul nsw i32 %0, 1000
  store i32 %8, ptr @rounds, align 4
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3)
  br label %9

9:                                                ; preds = %2, %9
  %10 = phi i64 [ 0, %2 ], [ %13, %9 ]
  %11 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %10
  %12 = call i32 @pthread_create(ptr noundef nonnull %11, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %13 = add nuw nsw i64 %10, 1
  %14 = icmp eq i64 %10, 0
  br i1 %14, label %9, label %19

15:                                               ; preds = %19
  %16 = load i64, ptr @counter, align 8
  %17 = icmp eq i64 %16, 0
  %18 = zext i1 %17 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3)
  ret i32 %18

19:                                               ; preds = %9, %19
  %20 = phi i64 [ %24, %19 ], [ 0, %9 ]
  %21 = getelementptr inbounds [2 x i64], ptr %3, i64 0, i64 %20
  %22 = load i64, ptr %21, align 8
  %23 = call i32 @pthread_join(i64 noundef %22, ptr noundef null)
  %24 = add nuw nsw i64 %20, 1
  %25 = icmp eq i64 %20, 0
  br i1 %25, label %19, label %15
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal noundef nonnull ptr @noop_alloc(i32 %0) {
  ret ptr @no_lock
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal nonnull ptr @table_alloc(i32 noundef %0) {
  %2 = and i32 %0, 3
  %3 = zext i32 %2 to i64
  %4 = getelementptr inbounds [4 x %struct.lock], ptr @static_locks, i64 0, i64 %3
  ret ptr %4
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal void @noop_enter(ptr nocapture readnone %0) {
  ret void
}

; Function Attrs: nounwind uwtable
define internal void @table_enter(ptr noundef %0) {
  %2 = tail call i32 @pthread_mutex_lock(ptr noundef %0)
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal void @noop_leave(ptr nocapture readnone %0) {
  ret void
}

; Function Attrs: nounwind uwtable
define internal void @table_leave(ptr noundef %0) {
  %2 = tail call i32 @pthread_mutex_unlock(ptr noundef %0)
  ret void
}

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nounwind uwtable
define internal noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @rounds, align 4
  %3 = icmp sgt i32 %2, 0
  br i1 %3, label %5, label %4

4:                                                ; preds = %5, %1
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i32 [ %13, %5 ], [ 0, %1 ]
  %7 = load ptr, ptr @ops.0, align 8
  %8 = tail call ptr %7(i32 noundef %6)
  %9 = load ptr, ptr @ops.1, align 8
  tail call void %9(ptr noundef %8)
  %10 = load i64, ptr @counter, align 8
  %11 = add nsw i64 %10, 1
  store i64 %11, ptr @counter, align 8
  %12 = load ptr, ptr @ops.2, align 8
  tail call void %12(ptr noundef %8)
  %13 = add nuw nsw i32 %6, 1
  %14 = load i32, ptr @rounds, align 4
  %15 = icmp slt i32 %13, %14
  br i1 %15, label %5, label %4
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr

; Function Attrs: nounwind
declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr



