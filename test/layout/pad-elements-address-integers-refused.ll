; Addresses made numbers that a layout inside the object does mind
; (AddressInteger.h), each refused with its reason, in report mode and with
; the layout applied; the globals keep their class (written while threads
; run) and stay whole, padded to a line:
;
; * @hidden: a pointer kept mangled (as glibc's PTR_MANGLE), the number
;   turned back into a pointer and written through: an escape, an access
;   the walk cannot see;
; * @spans: the span of the elements a thread touched, `hi - lo`, the
;   difference of two element addresses, which C counts in elements (the
;   sub and `ashr exact 3` of the old size): every access is seen, no
;   escape, but padding would change it;
; * @stats: owned() asks whether a pointer lies inside the struct by
;   comparing it for order with its bounds: a split puts the fields in
;   globals of their own, in no order.
;
; The C (clang -O2, IR trimmed):
;
;   static long hidden[2], spans[8], width[2];
;   static struct { int limit; long hits[2]; } stats;
;   static uintptr_t key;
;   __attribute__((noinline)) static uintptr_t mangle(uintptr_t x) {
;     return x ^ key; }
;   __attribute__((noinline)) static int owned(const void *p) {
;     return (const char *)p >= (const char *)&stats &&
;            (const char *)p < (const char *)(&stats + 1); }
;   static void *worker(void *arg) {
;     long id = (long)arg;
;     long *lo = &spans[id], *hi = lo;
;     for (int i = 0; i < stats.limit; ++i) {
;       hidden[id]++;
;       long *p = (long *)mangle(mangle((uintptr_t)&hidden[id]));
;       *p += i & 1;
;       long *s = &spans[(i * 5 + id) % 8];
;       ++*s;
;       if (s < lo) lo = s;
;       if (s > hi) hi = s;
;       long *h = &stats.hits[id];
;       if (owned(h)) ++*h;
;     }
;     width[id] = hi - lo; // &spans[j] - &spans[i]
;     return 0; }
;   int main(int argc, char **argv) { key = (uintptr_t)argv;
;     stats.limit = 1000; start two workers, join them;
;     return (int)(width[0] + width[1] + stats.hits[0]); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.report.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.report.json
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks-missed=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.json
; RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
;
; The facts say which: an escape, a distance, an order.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json

; CHECK-DAG: "class":"write-hot","escape":"address turned back into a pointer (inttoptr) in worker","name":"hidden",{{.*}}"inner_layout":"not rewritten: address turned back into a pointer (inttoptr) in worker"
; CHECK-DAG: "class":"write-hot","name":"spans",{{.*}}"inner_layout":"not rewritten: difference of two addresses of spans in worker"
; CHECK-DAG: "class":"write-hot","name":"stats",{{.*}}"inner_layout":"fields not split: order of two addresses of stats compared in owned"
; The array their numbers are stored to is no matter of addresses: each
; worker stores its element once, as it ends (thread shut-down), and it is
; read-mostly.
; CHECK-DAG: "class":"read-mostly","name":"width",{{.*}}"context":"thread shut-down"

; IR-DAG: @hidden = internal global { [2 x i64], [112 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; IR-DAG: @spans = internal global { [8 x i64], [64 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; IR-DAG: @stats = internal global { %struct.anon, [104 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; IR-DAG: @width = internal unnamed_addr global [2 x i64] zeroinitializer, section ".bss.read_mostly", align 16

; REMARK-DAG: remark: <unknown>:0:0: elements of global hidden not rewritten: address turned back into a pointer (inttoptr) in worker
; REMARK-DAG: remark: <unknown>:0:0: elements of global spans not rewritten: difference of two addresses of spans in worker
; REMARK-DAG: remark: <unknown>:0:0: global stats: fields not split: order of two addresses of stats compared in owned

; FACTS-DAG: "esc":"address turned back into a pointer (inttoptr) in worker"
; FACTS-DAG: "dist":"difference of two addresses of spans in worker"
; FACTS-DAG: "order":"order of two addresses of stats compared in owned"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.anon = type { i32, [2 x i64] }

@key = internal unnamed_addr global i64 0, align 8
@stats = internal global %struct.anon zeroinitializer, align 8
@width = internal unnamed_addr global [2 x i64] zeroinitializer, align 16
@spans = internal global [8 x i64] zeroinitializer, align 16
@hidden = internal global [2 x i64] zeroinitializer, align 16

define dso_local i32 @main(i32 noundef %0, ptr noundef %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  %4 = ptrtoint ptr %1 to i64
  store i64 %4, ptr @key, align 8, !tbaa !5
  store i32 1000, ptr @stats, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #7
  %5 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #7
  %6 = getelementptr inbounds i8, ptr %3, i64 8
  %7 = call i32 @pthread_create(ptr noundef nonnull %6, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #7
  %8 = load i64, ptr %3, align 16, !tbaa !5
  %9 = call i32 @pthread_join(i64 noundef %8, ptr noundef null) #7
  %10 = load i64, ptr %6, align 8, !tbaa !5
  %11 = call i32 @pthread_join(i64 noundef %10, ptr noundef null) #7
  %12 = load i64, ptr @width, align 16, !tbaa !5
  %13 = load i64, ptr getelementptr inbounds (i8, ptr @width, i64 8), align 8, !tbaa !5
  %14 = add nsw i64 %13, %12
  %15 = load i64, ptr getelementptr inbounds (i8, ptr @stats, i64 8), align 8, !tbaa !5
  %16 = add nsw i64 %14, %15
  %17 = trunc i64 %16 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #7
  ret i32 %17
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noalias noundef ptr @worker(ptr noundef %0) #3 {
  %2 = ptrtoint ptr %0 to i64
  %3 = getelementptr inbounds [8 x i64], ptr @spans, i64 0, i64 %2
  %4 = load i32, ptr @stats, align 8, !tbaa !9
  %5 = icmp sgt i32 %4, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %1
  %7 = getelementptr inbounds [2 x i64], ptr @hidden, i64 0, i64 %2
  %8 = ptrtoint ptr %7 to i64
  %9 = getelementptr inbounds [2 x i64], ptr getelementptr inbounds (i8, ptr @stats, i64 8), i64 0, i64 %2
  %10 = tail call fastcc i32 @owned(ptr noundef nonnull %9)
  %11 = icmp eq i32 %10, 0
  %12 = zext i32 %4 to i64
  br label %21

13:                                               ; preds = %46, %1
  %14 = phi ptr [ %3, %1 ], [ %42, %46 ]
  %15 = phi ptr [ %3, %1 ], [ %40, %46 ]
  %16 = ptrtoint ptr %14 to i64
  %17 = ptrtoint ptr %15 to i64
  %18 = sub i64 %16, %17
  %19 = ashr exact i64 %18, 3
  %20 = getelementptr inbounds [2 x i64], ptr @width, i64 0, i64 %2
  store i64 %19, ptr %20, align 8, !tbaa !5
  ret ptr null

21:                                               ; preds = %6, %46
  %22 = phi i64 [ 0, %6 ], [ %47, %46 ]
  %23 = phi ptr [ %3, %6 ], [ %40, %46 ]
  %24 = phi ptr [ %3, %6 ], [ %42, %46 ]
  %25 = load i64, ptr %7, align 8, !tbaa !5
  %26 = add nsw i64 %25, 1
  store i64 %26, ptr %7, align 8, !tbaa !5
  %27 = tail call fastcc i64 @mangle(i64 noundef %8)
  %28 = tail call fastcc i64 @mangle(i64 noundef %27)
  %29 = inttoptr i64 %28 to ptr
  %30 = and i64 %22, 1
  %31 = load i64, ptr %29, align 8, !tbaa !5
  %32 = add nsw i64 %31, %30
  store i64 %32, ptr %29, align 8, !tbaa !5
  %33 = mul nuw nsw i64 %22, 5
  %34 = add nsw i64 %33, %2
  %35 = srem i64 %34, 8
  %36 = getelementptr inbounds [8 x i64], ptr @spans, i64 0, i64 %35
  %37 = load i64, ptr %36, align 8, !tbaa !5
  %38 = add nsw i64 %37, 1
  store i64 %38, ptr %36, align 8, !tbaa !5
  %39 = icmp ult ptr %36, %23
  %40 = select i1 %39, ptr %36, ptr %23
  %41 = icmp ugt ptr %36, %24
  %42 = select i1 %41, ptr %36, ptr %24
  br i1 %11, label %46, label %43

43:                                               ; preds = %21
  %44 = load i64, ptr %9, align 8, !tbaa !5
  %45 = add nsw i64 %44, 1
  store i64 %45, ptr %9, align 8, !tbaa !5
  br label %46

46:                                               ; preds = %43, %21
  %47 = add nuw nsw i64 %22, 1
  %48 = icmp eq i64 %47, %12
  br i1 %48, label %13, label %21, !llvm.loop !12
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

define internal fastcc i64 @mangle(i64 noundef %0) unnamed_addr #5 {
  %2 = load i64, ptr @key, align 8, !tbaa !5
  %3 = xor i64 %2, %0
  ret i64 %3
}

define internal fastcc i32 @owned(ptr noundef readnone %0) unnamed_addr #6 {
  %2 = icmp uge ptr %0, @stats
  %3 = icmp ult ptr %0, getelementptr inbounds (i8, ptr @stats, i64 24)
  %4 = select i1 %2, i1 %3, i1 false
  %5 = zext i1 %4 to i32
  ret i32 %5
}

attributes #0 = { nounwind uwtable }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }
attributes #3 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable }
attributes #4 = { nounwind }
attributes #5 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable }
attributes #6 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) uwtable }
attributes #7 = { nounwind }

!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"", !11, i64 0, !7, i64 8}
!11 = !{!"int", !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
