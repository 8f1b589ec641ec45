; Addresses made numbers do not block element padding or a field split
; (AddressInteger.h): the program prints each lock's and counter's line and
; whether it starts one (`(uintptr_t)&locks[i] >> 7`, `& 127`, folded to
; constant expressions), logs a counter's address (`%p`), hashes a slot's
; address to pick its lock stripe (`((uintptr_t)p >> 3) * K >> 61`) and
; locks two stripes in address order (`a > b` in lock2: padding keeps the
; order of an array's addresses). None turns a number back into a pointer
; or takes the distance between two elements, so @locks, @slots and
; @counts are padded per element and @cfg is split, in report mode and
; with the layout applied; the folded ptrtoints are rebuilt on the new
; addresses. IR of test/e2e/Inputs/address_integers.c (clang -O2, trimmed):
;
;   static pthread_mutex_t locks[8]; // picked by a slot address's hash
;   static long slots[16];           // moved between under two locks
;   static long counts[2];           // per thread
;   static struct { int rounds, step; long done[2]; } cfg;
;   static pthread_mutex_t *stripe(const long *p) {
;     return &locks[((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull >> 61]; }
;   __attribute__((noinline)) static void lock2(pthread_mutex_t *a,
;       pthread_mutex_t *b) { if (a > b) { swap a, b } lock a; lock b if not a }
;   worker: long *from = &slots[(i * cfg.step + id) % 16], *to = &slots[(i % 3) * 5];
;     lock2(stripe(from), stripe(to)); --*from; ++*to; unlock2(...);
;     counts[id]++; cfg.done[id]++;
;   main: fprintf(stderr, "locks[%d]: line %lu%s\n", i,
;           (uintptr_t)&locks[i] >> 7,
;           ((uintptr_t)&locks[i] & 127) ? "" : ", line start");
;         fprintf(stderr, "counts[%d] at %p: line %lu, cfg.done[%d]: line %lu\n",
;           i, (void *)&counts[i], (uintptr_t)&counts[i] >> 7, i,
;           (uintptr_t)&cfg.done[i] >> 7);
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.report.json -disable-output %s
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.report.json
; RUN: not grep '"escape"' %t.report.json
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --input-file=%t.ll
;
; The facts: lock2's parameters are compared for order ("order"), which
; only a field split minds; nothing escapes, no distance is taken.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json
; RUN: not grep '"esc"\|"dist"' %t.all.json

; JSON-DAG: "name":"locks",{{.*}}"inner_layout":"each of its 8 elements padded from 40 to 128 bytes"
; JSON-DAG: "name":"slots",{{.*}}"inner_layout":"each of its 16 elements padded from 8 to 128 bytes"
; JSON-DAG: "name":"counts",{{.*}}"inner_layout":"each of its 2 elements padded from 8 to 128 bytes"
; JSON-DAG: "name":"cfg",{{.*}}"inner_layout":"fields split into 2 globals: write-hot {field 2 (+8)}; read-mostly {field 0 (+0), field 1 (+4)}"

; CHECK-DAG: @locks = internal global [8 x { %union.pthread_mutex_t, [88 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @slots = internal global [16 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @counts = internal global [2 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @cfg.write_hot = internal global
; The lines printed are the new ones: lock 1 at 128, counter 1 at 128,
; cfg.done in its part.
; CHECK: define dso_local noundef i32 @main(
; CHECK: lshr i64 ptrtoint (ptr @locks to i64), 7
; CHECK: lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 128) to i64), 7
; CHECK: lshr i64 ptrtoint (ptr @counts to i64), 7
; CHECK-NEXT: lshr i64 ptrtoint (ptr @cfg.write_hot to i64), 7
; CHECK-NEXT: @fprintf(ptr noundef %{{[0-9]+}}, ptr noundef nonnull @.str.3, i32 noundef 0, ptr noundef nonnull @counts,
; CHECK: lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @counts, i64 128) to i64), 7
; CHECK-NEXT: lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @cfg.write_hot, i64 8) to i64), 7
; CHECK-NEXT: @fprintf(ptr noundef %{{[0-9]+}}, ptr noundef nonnull @.str.3, i32 noundef 1, ptr noundef nonnull getelementptr inbounds (i8, ptr @counts, i64 128),
; The stripe is hashed from the slot's new address.
; CHECK: define internal {{.*}} @worker(
; CHECK: [[FROM:%[0-9]+]] = getelementptr inbounds [16 x { i64, [120 x i8] }], ptr @slots, i64 0, i64
; CHECK: ptrtoint ptr [[FROM]] to i64

; FACTS: "order":"order of two addresses compared in lock2"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.anon = type { i32, i32, [2 x i64] }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@cfg = internal global %struct.anon zeroinitializer, align 8
@locks = internal global [8 x %union.pthread_mutex_t] zeroinitializer, align 16
@stderr = external local_unnamed_addr global ptr, align 8
@.str = private unnamed_addr constant [23 x i8] c"locks[%d]: line %lu%s\0A\00", align 1
@.str.1 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.str.2 = private unnamed_addr constant [13 x i8] c", line start\00", align 1
@.str.3 = private unnamed_addr constant [52 x i8] c"counts[%d] at %p: line %lu, cfg.done[%d]: line %lu\0A\00", align 1
@counts = internal global [2 x i64] zeroinitializer, align 16
@slots = internal global [16 x i64] zeroinitializer, align 16
@.str.4 = private unnamed_addr constant [25 x i8] c"%ld %ld %ld %ld %ld %ld\0A\00", align 1

define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  store i32 100000, ptr @cfg, align 8, !tbaa !5
  %4 = add nsw i32 %0, 6
  store i32 %4, ptr getelementptr inbounds (i8, ptr @cfg, i64 4), align 4, !tbaa !10
  %5 = tail call i32 @pthread_mutex_init(ptr noundef nonnull @locks, ptr noundef null) #7
  %6 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 40), ptr noundef null) #7
  %7 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 80), ptr noundef null) #7
  %8 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 120), ptr noundef null) #7
  %9 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 160), ptr noundef null) #7
  %10 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 200), ptr noundef null) #7
  %11 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 240), ptr noundef null) #7
  %12 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 280), ptr noundef null) #7
  %13 = load ptr, ptr @stderr, align 8, !tbaa !11
  %14 = lshr i64 ptrtoint (ptr @locks to i64), 7
  %15 = and i64 ptrtoint (ptr @locks to i64), 112
  %16 = icmp eq i64 %15, 0
  %17 = select i1 %16, ptr @.str.2, ptr @.str.1
  %18 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %13, ptr noundef nonnull @.str, i32 noundef 0, i64 noundef %14, ptr noundef nonnull %17) #8
  %19 = load ptr, ptr @stderr, align 8, !tbaa !11
  %20 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 40) to i64), 7
  %21 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %19, ptr noundef nonnull @.str, i32 noundef 1, i64 noundef %20, ptr noundef nonnull @.str.1) #8
  %22 = load ptr, ptr @stderr, align 8, !tbaa !11
  %23 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 80) to i64), 7
  %24 = and i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 80) to i64), 112
  %25 = icmp eq i64 %24, 0
  %26 = select i1 %25, ptr @.str.2, ptr @.str.1
  %27 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %22, ptr noundef nonnull @.str, i32 noundef 2, i64 noundef %23, ptr noundef nonnull %26) #8
  %28 = load ptr, ptr @stderr, align 8, !tbaa !11
  %29 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 120) to i64), 7
  %30 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %28, ptr noundef nonnull @.str, i32 noundef 3, i64 noundef %29, ptr noundef nonnull @.str.1) #8
  %31 = load ptr, ptr @stderr, align 8, !tbaa !11
  %32 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 160) to i64), 7
  %33 = and i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 160) to i64), 112
  %34 = icmp eq i64 %33, 0
  %35 = select i1 %34, ptr @.str.2, ptr @.str.1
  %36 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %31, ptr noundef nonnull @.str, i32 noundef 4, i64 noundef %32, ptr noundef nonnull %35) #8
  %37 = load ptr, ptr @stderr, align 8, !tbaa !11
  %38 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 200) to i64), 7
  %39 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %37, ptr noundef nonnull @.str, i32 noundef 5, i64 noundef %38, ptr noundef nonnull @.str.1) #8
  %40 = load ptr, ptr @stderr, align 8, !tbaa !11
  %41 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 240) to i64), 7
  %42 = and i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 240) to i64), 112
  %43 = icmp eq i64 %42, 0
  %44 = select i1 %43, ptr @.str.2, ptr @.str.1
  %45 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %40, ptr noundef nonnull @.str, i32 noundef 6, i64 noundef %41, ptr noundef nonnull %44) #8
  %46 = load ptr, ptr @stderr, align 8, !tbaa !11
  %47 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @locks, i64 280) to i64), 7
  %48 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %46, ptr noundef nonnull @.str, i32 noundef 7, i64 noundef %47, ptr noundef nonnull @.str.1) #8
  %49 = load ptr, ptr @stderr, align 8, !tbaa !11
  %50 = lshr i64 ptrtoint (ptr @counts to i64), 7
  %51 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @cfg, i64 8) to i64), 7
  %52 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %49, ptr noundef nonnull @.str.3, i32 noundef 0, ptr noundef nonnull @counts, i64 noundef %50, i32 noundef 0, i64 noundef %51) #8
  %53 = load ptr, ptr @stderr, align 8, !tbaa !11
  %54 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @counts, i64 8) to i64), 7
  %55 = lshr i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @cfg, i64 16) to i64), 7
  %56 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %53, ptr noundef nonnull @.str.3, i32 noundef 1, ptr noundef nonnull getelementptr inbounds (i8, ptr @counts, i64 8), i64 noundef %54, i32 noundef 1, i64 noundef %55) #8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #7
  %57 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #7
  %58 = getelementptr inbounds i8, ptr %3, i64 8
  %59 = call i32 @pthread_create(ptr noundef nonnull %58, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #7
  %60 = load i64, ptr %3, align 16, !tbaa !13
  %61 = call i32 @pthread_join(i64 noundef %60, ptr noundef null) #7
  %62 = load i64, ptr %58, align 8, !tbaa !13
  %63 = call i32 @pthread_join(i64 noundef %62, ptr noundef null) #7
  br label %70

64:                                               ; preds = %70
  %65 = load i64, ptr @counts, align 16, !tbaa !13
  %66 = load i64, ptr getelementptr inbounds (i8, ptr @counts, i64 8), align 8, !tbaa !13
  %67 = load i64, ptr getelementptr inbounds (i8, ptr @cfg, i64 8), align 8, !tbaa !13
  %68 = load i64, ptr getelementptr inbounds (i8, ptr @cfg, i64 16), align 8, !tbaa !13
  %69 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.4, i64 noundef %76, i64 noundef %78, i64 noundef %65, i64 noundef %66, i64 noundef %67, i64 noundef %68)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #7
  ret i32 0

70:                                               ; preds = %2, %70
  %71 = phi i64 [ 0, %2 ], [ %79, %70 ]
  %72 = phi i64 [ 0, %2 ], [ %78, %70 ]
  %73 = phi i64 [ 0, %2 ], [ %76, %70 ]
  %74 = getelementptr inbounds [16 x i64], ptr @slots, i64 0, i64 %71
  %75 = load i64, ptr %74, align 8, !tbaa !13
  %76 = add nsw i64 %75, %73
  %77 = call i64 @llvm.abs.i64(i64 %75, i1 true)
  %78 = add nuw nsw i64 %77, %72
  %79 = add nuw nsw i64 %71, 1
  %80 = icmp eq i64 %79, 16
  br i1 %80, label %64, label %70, !llvm.loop !15
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare noundef i32 @fprintf(ptr nocapture noundef, ptr nocapture noundef readonly, ...) local_unnamed_addr #3

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noalias noundef ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  %3 = load i32, ptr @cfg, align 8, !tbaa !5
  %4 = icmp sgt i32 %3, 0
  br i1 %4, label %5, label %8

5:                                                ; preds = %1
  %6 = getelementptr inbounds [2 x i64], ptr @counts, i64 0, i64 %2
  %7 = getelementptr inbounds [2 x i64], ptr getelementptr inbounds (i8, ptr @cfg, i64 8), i64 0, i64 %2
  br label %9

8:                                                ; preds = %39, %1
  ret ptr null

9:                                                ; preds = %5, %39
  %10 = phi i32 [ 0, %5 ], [ %44, %39 ]
  %11 = load i32, ptr getelementptr inbounds (i8, ptr @cfg, i64 4), align 4, !tbaa !10
  %12 = mul nsw i32 %11, %10
  %13 = sext i32 %12 to i64
  %14 = add nsw i64 %13, %2
  %15 = srem i64 %14, 16
  %16 = getelementptr inbounds [16 x i64], ptr @slots, i64 0, i64 %15
  %17 = urem i32 %10, 3
  %18 = mul nuw nsw i32 %17, 5
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds [16 x i64], ptr @slots, i64 0, i64 %19
  %21 = ptrtoint ptr %16 to i64
  %22 = lshr exact i64 %21, 3
  %23 = mul i64 %22, -7046029254386353131
  %24 = lshr i64 %23, 61
  %25 = getelementptr inbounds [8 x %union.pthread_mutex_t], ptr @locks, i64 0, i64 %24
  %26 = ptrtoint ptr %20 to i64
  %27 = lshr exact i64 %26, 3
  %28 = mul i64 %27, -7046029254386353131
  %29 = lshr i64 %28, 61
  %30 = getelementptr inbounds [8 x %union.pthread_mutex_t], ptr @locks, i64 0, i64 %29
  tail call fastcc void @lock2(ptr noundef nonnull %25, ptr noundef nonnull %30)
  %31 = load i64, ptr %16, align 8, !tbaa !13
  %32 = add nsw i64 %31, -1
  store i64 %32, ptr %16, align 8, !tbaa !13
  %33 = load i64, ptr %20, align 8, !tbaa !13
  %34 = add nsw i64 %33, 1
  store i64 %34, ptr %20, align 8, !tbaa !13
  %35 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull %25) #7
  %36 = icmp eq i64 %29, %24
  br i1 %36, label %39, label %37

37:                                               ; preds = %9
  %38 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull %30) #7
  br label %39

39:                                               ; preds = %9, %37
  %40 = load i64, ptr %6, align 8, !tbaa !13
  %41 = add nsw i64 %40, 1
  store i64 %41, ptr %6, align 8, !tbaa !13
  %42 = load i64, ptr %7, align 8, !tbaa !13
  %43 = add nsw i64 %42, 1
  store i64 %43, ptr %7, align 8, !tbaa !13
  %44 = add nuw nsw i32 %10, 1
  %45 = load i32, ptr @cfg, align 8, !tbaa !5
  %46 = icmp slt i32 %44, %45
  br i1 %46, label %9, label %8, !llvm.loop !19
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #3

define internal fastcc void @lock2(ptr noundef %0, ptr noundef %1) unnamed_addr #5 {
  %3 = icmp ugt ptr %0, %1
  %4 = select i1 %3, ptr %1, ptr %0
  %5 = tail call i32 @pthread_mutex_lock(ptr noundef %4) #7
  %6 = icmp eq ptr %0, %1
  br i1 %6, label %10, label %7

7:                                                ; preds = %2
  %8 = select i1 %3, ptr %0, ptr %1
  %9 = tail call i32 @pthread_mutex_lock(ptr noundef %8) #7
  br label %10

10:                                               ; preds = %7, %2
  ret void
}

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #2

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #2

declare i64 @llvm.abs.i64(i64, i1 immarg) #6

attributes #0 = { nounwind uwtable }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }
attributes #3 = { nofree nounwind }
attributes #4 = { nounwind }
attributes #5 = { noinline nounwind uwtable }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nounwind }
attributes #8 = { cold nounwind }

!5 = !{!6, !7, i64 0}
!6 = !{!"", !7, i64 0, !7, i64 4, !8, i64 8}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 4}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !8, i64 0}
!13 = !{!14, !14, i64 0}
!14 = !{!"long", !8, i64 0}
!15 = distinct !{!15, !16, !17, !18}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!"llvm.loop.unroll.disable"}
!18 = !{!"llvm.loop.vectorize.width", i32 1}
!19 = distinct !{!19, !16}
