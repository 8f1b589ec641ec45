; Once regions with a pointer flag: get_table() builds its table the first
; time and publishes it through table_ptr, which holds null until then and
; is set to the constant address of the table. table_ptr is an init flag:
; the workers call get_table() in their loops, but the store to table_ptr
; runs once, so it is read-mostly. big_table, whose address table_ptr
; holds, is followed through the pointers loaded from table_ptr: written in
; the once region, read by the workers, it is read-mostly too.
;
;   static const int *table_ptr; static int big_table[64]; static long sum;
;   __attribute__((noinline)) static const int *get_table(void) {
;     if (!table_ptr) { for (int i = 0; i < 64; i++) big_table[i] = i * 3;
;                       table_ptr = big_table; }
;     return table_ptr; }
;   static void *worker(void *a) { for (int i = 0; i < 1000; i++) sum += get_table()[i & 63]; return 0; }
;   int main(void) { ... two workers ...; printf("%ld\n", sum); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"read-mostly","name":"table_ptr",{{.*}}"reason":"written only at start-up (store in get_table once, behind the init flag table_ptr); read by load in get_table (called repeatedly while threads run)",{{.*}}"once_flag":"table_ptr"
; CHECK-DAG: "class":"write-hot","name":"sum",
; CHECK-DAG: "class":"read-mostly","name":"big_table",{{.*}}"reason":"written only at start-up (store in get_table once, behind the init flag table_ptr); read by load in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@sum = internal unnamed_addr global i64 0, align 8
@table_ptr = internal unnamed_addr global ptr null, align 8
@big_table = internal global [64 x i32] zeroinitializer, align 16

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
  %9 = load i64, ptr @sum, align 8
  %10 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i64, ptr @sum, align 8
  br label %4

3:                                                ; preds = %4
  ret ptr null

4:                                                ; preds = %1, %4
  %5 = phi i32 [ 0, %1 ], [ %14, %4 ]
  %6 = phi i64 [ %2, %1 ], [ %13, %4 ]
  %7 = tail call fastcc ptr @get_table()
  %8 = and i32 %5, 63
  %9 = zext i32 %8 to i64
  %10 = getelementptr inbounds i32, ptr %7, i64 %9
  %11 = load i32, ptr %10, align 4
  %12 = sext i32 %11 to i64
  %13 = add nsw i64 %6, %12
  store i64 %13, ptr @sum, align 8
  %14 = add nuw nsw i32 %5, 1
  %15 = icmp eq i32 %14, 1000
  br i1 %15, label %3, label %4
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

define internal fastcc nonnull ptr @get_table() unnamed_addr {
  %1 = load ptr, ptr @table_ptr, align 8
  %2 = icmp eq ptr %1, null
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  store <4 x i32> <i32 0, i32 3, i32 6, i32 9>, ptr @big_table, align 16
  store <4 x i32> <i32 12, i32 15, i32 18, i32 21>, ptr getelementptr inbounds (i8, ptr @big_table, i64 16), align 16
  store <4 x i32> <i32 24, i32 27, i32 30, i32 33>, ptr getelementptr inbounds (i8, ptr @big_table, i64 32), align 16
  store <4 x i32> <i32 36, i32 39, i32 42, i32 45>, ptr getelementptr inbounds (i8, ptr @big_table, i64 48), align 16
  store <4 x i32> <i32 48, i32 51, i32 54, i32 57>, ptr getelementptr inbounds (i8, ptr @big_table, i64 64), align 16
  store <4 x i32> <i32 60, i32 63, i32 66, i32 69>, ptr getelementptr inbounds (i8, ptr @big_table, i64 80), align 16
  store <4 x i32> <i32 72, i32 75, i32 78, i32 81>, ptr getelementptr inbounds (i8, ptr @big_table, i64 96), align 16
  store <4 x i32> <i32 84, i32 87, i32 90, i32 93>, ptr getelementptr inbounds (i8, ptr @big_table, i64 112), align 16
  store <4 x i32> <i32 96, i32 99, i32 102, i32 105>, ptr getelementptr inbounds (i8, ptr @big_table, i64 128), align 16
  store <4 x i32> <i32 108, i32 111, i32 114, i32 117>, ptr getelementptr inbounds (i8, ptr @big_table, i64 144), align 16
  store <4 x i32> <i32 120, i32 123, i32 126, i32 129>, ptr getelementptr inbounds (i8, ptr @big_table, i64 160), align 16
  store <4 x i32> <i32 132, i32 135, i32 138, i32 141>, ptr getelementptr inbounds (i8, ptr @big_table, i64 176), align 16
  store <4 x i32> <i32 144, i32 147, i32 150, i32 153>, ptr getelementptr inbounds (i8, ptr @big_table, i64 192), align 16
  store <4 x i32> <i32 156, i32 159, i32 162, i32 165>, ptr getelementptr inbounds (i8, ptr @big_table, i64 208), align 16
  store <4 x i32> <i32 168, i32 171, i32 174, i32 177>, ptr getelementptr inbounds (i8, ptr @big_table, i64 224), align 16
  store <4 x i32> <i32 180, i32 183, i32 186, i32 189>, ptr getelementptr inbounds (i8, ptr @big_table, i64 240), align 16
  store ptr @big_table, ptr @table_ptr, align 8
  br label %4

4:                                                ; preds = %3, %0
  %5 = phi ptr [ @big_table, %3 ], [ %1, %0 ]
  ret ptr %5
}


