; Element padding (x86_64, line 128): an internal array whose elements
; different threads write gets a line-sized slot per element, and every
; address computed from it is rebuilt; an array the rewrite cannot follow
; keeps the whole-object layout, and the report and a missed remark say
; why. IR of test/e2e/Inputs/pad_elements.c (clang -O2):
;
;   static pthread_mutex_t locks[8]; // locked by hash in the worker: padded
;   static long hits[2];             // hits[id]++: padded
;   static struct stat stats[2];     // stats[id].hist[i & 3]++: padded
;   static long sorted[8];           // qsort(sorted, ...) in main: refused
;   static long summed[8];           // a 64-byte vector load in main: refused
;   static long walked[8];           // a pointer stepped through it: refused
;   static long ring[8];             // a loop of the worker fills it in
;                                    // order: one thread's, refused
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks=cacheline-layout -pass-remarks-missed=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
;
; A limit below what padding the lock table costs (8 x 88 bytes) leaves it
; whole; the smaller arrays are still padded.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=500 -cacheline-layout-report=%t.limit.json -disable-output %s
; RUN: FileCheck %s --check-prefix=LIMIT --input-file=%t.limit.json
; RUN: not %opt -load-pass-plugin=%plugin -passes=cacheline-layout -cacheline-max-element-padding=lots -disable-output %s 2>%t.err
; RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
;
; The facts carry where in the array each access falls: the lock calls of
; main at constant offsets (one object each: "n":1), the ring's store with
; an index that sweeps ([stride, count, 1]).
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json

; CHECK-DAG: @locks = internal global [8 x { %union.pthread_mutex_t, [88 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @hits = internal unnamed_addr global [2 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @stats = internal unnamed_addr global [2 x { %struct.stat, [104 x i8] }] zeroinitializer, section ".bss.write_hot", align 128
; CHECK-DAG: @sorted = internal global { [8 x i64], [64 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-DAG: @summed = internal unnamed_addr global { [8 x i64], [64 x i8] } zeroinitializer, section ".bss.write_hot", align 64
; CHECK-DAG: @walked = internal global { [8 x i64], [64 x i8] } zeroinitializer, section ".bss.write_hot", align 64
; CHECK-DAG: @ring = internal unnamed_addr global { [8 x i64], [64 x i8] } zeroinitializer, section ".bss.write_hot", align 64
; Constant element addresses fold: lock 1 is at 128, not 40.
; CHECK: define dso_local {{.*}} @main(
; CHECK: call i32 @pthread_mutex_init(ptr noundef nonnull @locks,
; CHECK-NEXT: call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 128),
; Variable ones are rebuilt once, where the old address was computed, as
; an index into the array of slots: the thread's own slot (hits[id]), the
; hashed lock, and inside a slot a bounded index (hist[i & 3] at
; 8 + 4 * (i & 3)), the constant part last, where codegen folds it into
; the addressing mode.
; CHECK: define internal {{.*}} @worker(
; CHECK: [[ID:%[0-9]+]] = ptrtoint ptr %arg to i64
; CHECK-NEXT: [[HIT:%[0-9]+]] = getelementptr inbounds [2 x { i64, [120 x i8] }], ptr @hits, i64 0, i64 [[ID]]
; CHECK: %rem = and i64 %add, 7
; CHECK-NEXT: [[LOCK:%[0-9]+]] = getelementptr inbounds [8 x { %union.pthread_mutex_t, [88 x i8] }], ptr @locks, i64 0, i64 %rem
; CHECK-NEXT: call i32 @pthread_mutex_lock(ptr noundef nonnull [[LOCK]])
; CHECK: call i32 @pthread_mutex_unlock(ptr noundef nonnull [[LOCK]])
; CHECK: load i64, ptr [[HIT]], align 8
; CHECK: %and14 = and i64 %i.062, 3
; CHECK-NEXT: [[B:%[0-9]+]] = mul nsw i64 %and14, 4
; CHECK-NEXT: [[SLOT:%[0-9]+]] = getelementptr inbounds [2 x { %struct.stat, [104 x i8] }], ptr @stats, i64 0, i64 [[ID]]
; CHECK-NEXT: [[HIST:%[0-9]+]] = getelementptr inbounds i8, ptr [[SLOT]], i64 [[B]]
; CHECK-NEXT: getelementptr inbounds i8, ptr [[HIST]], i64 8

; JSON-DAG: "name":"locks",{{.*}}"inner_layout":"each of its 8 elements padded from 40 to 128 bytes","new_align":128,"new_section":".bss.write_hot","padded_size":1024,"elements":8,"slot_size":128}
; JSON-DAG: "name":"hits",{{.*}}"inner_layout":"each of its 2 elements padded from 8 to 128 bytes",{{.*}}"padded_size":256,"elements":2,"slot_size":128}
; JSON-DAG: "name":"stats",{{.*}}"inner_layout":"each of its 2 elements padded from 24 to 128 bytes",{{.*}}"padded_size":256,"elements":2,"slot_size":128}
; JSON-DAG: "name":"sorted",{{.*}}"inner_layout":"not rewritten: whole array passed: qsort() in main after threads may exist",{{.*}}"padded_size":128}
; JSON-DAG: "name":"summed",{{.*}}"inner_layout":"not rewritten: reaches beyond one element: load in main after threads may exist",{{.*}}"padded_size":128}
; The loop stepping a pointer through walked counts its trips by the
; difference of two of its addresses (`walked + nwalk - walked`), which
; element padding would change.
; JSON-DAG: "name":"walked",{{.*}}"inner_layout":"not rewritten: difference of two addresses of walked in worker",
; JSON-DAG: "name":"ring",{{.*}}"inner_layout":"not rewritten: a loop writes the elements in order, as one thread does: store in worker (thread entry) in a loop",

; REMARK-DAG: remark: <unknown>:0:0: moved write-hot global locks to .bss.write_hot, aligned to 128, each element in 128 bytes, padded from 320 to 1024 bytes
; REMARK-DAG: remark: <unknown>:0:0: elements of global sorted not rewritten: whole array passed: qsort() in main after threads may exist

; LIMIT-DAG: "name":"locks",{{.*}}"inner_layout":"not rewritten: padding its 8 elements would add 704 bytes, over the limit of 500",{{.*}}"padded_size":384}
; LIMIT-DAG: "name":"hits",{{.*}}"padded_size":256,"elements":2,"slot_size":128}

; BAD: for the --cacheline-max-element-padding option: invalid size 'lots': expected a non-negative number of bytes

; FACTS-DAG: "name":"locks",{{.*}}"c":"pthread_mutex_init",{{.*}}"i":8,"r":{"n":1,"o":40}}
; FACTS-DAG: "name":"ring",{{.*}}"k":"store",{{.*}}"r":{"ix":{{\[\[}}8,8,1]],"n":8}

; ModuleID = 'pad_elements.c'
source_filename = "pad_elements.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }
%struct.stat = type { i64, [4 x i32] }

@quiet = internal unnamed_addr global i32 0, align 4
@nwalk = internal unnamed_addr global i32 0, align 4
@locks = internal global [8 x %union.pthread_mutex_t] zeroinitializer, align 16
@sorted = internal global [8 x i64] zeroinitializer, align 16
@summed = internal unnamed_addr global [8 x i64] zeroinitializer, align 64
@walked = internal global [8 x i64] zeroinitializer, align 64
@ring = internal unnamed_addr global [8 x i64] zeroinitializer, align 64
@.str = private unnamed_addr constant [32 x i8] c"%ld %ld %ld %ld %ld %d %ld %ld\0A\00", align 1
@hits = internal unnamed_addr global [2 x i64] zeroinitializer, align 16
@stats = internal unnamed_addr global [2 x %struct.stat] zeroinitializer, align 16

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  %cmp = icmp sgt i32 %argc, 5
  %conv = zext i1 %cmp to i32
  store i32 %conv, ptr @quiet, align 4, !tbaa !5
  %cmp1 = icmp sgt i32 %argc, 6
  %cond = select i1 %cmp1, i32 4, i32 8
  store i32 %cond, ptr @nwalk, align 4, !tbaa !5
  %call = tail call i32 @pthread_mutex_init(ptr noundef nonnull @locks, ptr noundef null) #8
  %call.1 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 40), ptr noundef null) #8
  %call.2 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 80), ptr noundef null) #8
  %call.3 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 120), ptr noundef null) #8
  %call.4 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 160), ptr noundef null) #8
  %call.5 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 200), ptr noundef null) #8
  %call.6 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 240), ptr noundef null) #8
  %call.7 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @locks, i64 280), ptr noundef null) #8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #8
  %call12 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #8
  %arrayidx11.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call12.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx11.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #8
  %0 = load i64, ptr %t, align 16, !tbaa !9
  %call24 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #8
  %1 = load i64, ptr %arrayidx11.1, align 8, !tbaa !9
  %call24.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #8
  call void @qsort(ptr noundef nonnull @sorted, i64 noundef 8, i64 noundef 8, ptr noundef nonnull @cmp) #8
  %2 = load <8 x i64>, ptr @summed, align 64, !tbaa !9
  %3 = load <8 x i64>, ptr @walked, align 64, !tbaa !9
  %4 = load <8 x i64>, ptr @ring, align 64, !tbaa !9
  %5 = shufflevector <8 x i64> %4, <8 x i64> %3, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %6 = call i64 @llvm.vector.reduce.add.v16i64(<16 x i64> %5)
  %7 = call i64 @llvm.vector.reduce.add.v8i64(<8 x i64> %2)
  %op.rdx = add i64 %6, %7
  %8 = load i64, ptr @hits, align 16, !tbaa !9
  %9 = load i64, ptr getelementptr inbounds (i8, ptr @hits, i64 8), align 8, !tbaa !9
  %10 = load i64, ptr @stats, align 16, !tbaa !11
  %11 = load i64, ptr getelementptr inbounds (i8, ptr @stats, i64 24), align 8, !tbaa !11
  %12 = load i32, ptr getelementptr inbounds (i8, ptr @stats, i64 40), align 8, !tbaa !5
  %13 = load i64, ptr @sorted, align 16, !tbaa !9
  %14 = load i64, ptr getelementptr inbounds (i8, ptr @sorted, i64 56), align 8, !tbaa !9
  %call45 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %op.rdx, i64 noundef %8, i64 noundef %9, i64 noundef %10, i64 noundef %11, i32 noundef %12, i64 noundef %13, i64 noundef %14)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #8
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

define internal noalias noundef ptr @worker(ptr noundef %arg) #0 {
entry:
  %0 = ptrtoint ptr %arg to i64
  %arrayidx10 = getelementptr inbounds [2 x i64], ptr @hits, i64 0, i64 %0
  %arrayidx11 = getelementptr inbounds [2 x %struct.stat], ptr @stats, i64 0, i64 %0
  %hist = getelementptr inbounds i8, ptr %arrayidx11, i64 8
  %cmp17 = icmp eq ptr %arg, null
  br label %for.body

for.cond.cleanup:                                 ; preds = %if.end
  ret ptr null

for.body:                                         ; preds = %entry, %if.end
  %i.062 = phi i64 [ 0, %entry ], [ %inc39, %if.end ]
  %add = add i64 %i.062, %0
  %rem = and i64 %add, 7
  %arrayidx = getelementptr inbounds [8 x %union.pthread_mutex_t], ptr @locks, i64 0, i64 %rem
  %call = tail call i32 @pthread_mutex_lock(ptr noundef nonnull %arrayidx) #8
  %and = and i64 %i.062, 7
  %arrayidx2 = getelementptr inbounds [8 x i64], ptr @sorted, i64 0, i64 %rem
  %1 = load i64, ptr %arrayidx2, align 8, !tbaa !9
  %add3 = add nsw i64 %1, %and
  store i64 %add3, ptr %arrayidx2, align 8, !tbaa !9
  %arrayidx5 = getelementptr inbounds [8 x i64], ptr @summed, i64 0, i64 %rem
  %2 = load i64, ptr %arrayidx5, align 8, !tbaa !9
  %add6 = add nsw i64 %2, 1
  store i64 %add6, ptr %arrayidx5, align 8, !tbaa !9
  %call9 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull %arrayidx) #8
  %3 = load i64, ptr %arrayidx10, align 8, !tbaa !9
  %inc = add nsw i64 %3, 1
  store i64 %inc, ptr %arrayidx10, align 8, !tbaa !9
  %4 = load i64, ptr %arrayidx11, align 8, !tbaa !11
  %inc12 = add nsw i64 %4, 1
  store i64 %inc12, ptr %arrayidx11, align 8, !tbaa !11
  %and14 = and i64 %i.062, 3
  %arrayidx15 = getelementptr inbounds [4 x i32], ptr %hist, i64 0, i64 %and14
  %5 = load i32, ptr %arrayidx15, align 4, !tbaa !5
  %inc16 = add nsw i32 %5, 1
  store i32 %inc16, ptr %arrayidx15, align 4, !tbaa !5
  br i1 %cmp17, label %for.cond19.preheader, label %if.end

for.cond19.preheader:                             ; preds = %for.body
  %6 = load i32, ptr @nwalk, align 4, !tbaa !5
  %idx.ext = zext i32 %6 to i64
  %add.ptr = getelementptr inbounds i64, ptr @walked, i64 %idx.ext
  %cmp2058.not = icmp eq i32 %6, 0
  br i1 %cmp2058.not, label %if.end, label %for.body23.lr.ph

for.body23.lr.ph:                                 ; preds = %for.cond19.preheader
  %7 = load i32, ptr @quiet, align 4, !tbaa !5
  %conv24 = zext i32 %7 to i64
  %8 = shl nuw nsw i64 %idx.ext, 3
  %9 = add i64 %8, ptrtoint (ptr @walked to i64)
  %umax = tail call i64 @llvm.umax.i64(i64 %9, i64 add (i64 ptrtoint (ptr @walked to i64), i64 8))
  %10 = add i64 %umax, sub (i64 -1, i64 ptrtoint (ptr @walked to i64))
  %11 = lshr i64 %10, 3
  %12 = add nuw nsw i64 %11, 1
  %min.iters.check = icmp ult i64 %10, 24
  br i1 %min.iters.check, label %for.body23.preheader, label %vector.ph

for.body23.preheader:                             ; preds = %middle.block, %for.body23.lr.ph
  %p.059.ph = phi ptr [ @walked, %for.body23.lr.ph ], [ %ind.end, %middle.block ]
  br label %for.body23

vector.ph:                                        ; preds = %for.body23.lr.ph
  %n.vec = and i64 %12, 4611686018427387900
  %13 = shl i64 %n.vec, 3
  %ind.end = getelementptr i8, ptr @walked, i64 %13
  %broadcast.splatinsert = insertelement <2 x i64> poison, i64 %conv24, i64 0
  %broadcast.splat = shufflevector <2 x i64> %broadcast.splatinsert, <2 x i64> poison, <2 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %offset.idx = shl i64 %index, 3
  %next.gep = getelementptr i8, ptr @walked, i64 %offset.idx
  %14 = getelementptr i8, ptr %next.gep, i64 16
  %wide.load = load <2 x i64>, ptr %next.gep, align 32, !tbaa !9
  %wide.load68 = load <2 x i64>, ptr %14, align 16, !tbaa !9
  %15 = add nsw <2 x i64> %wide.load, %broadcast.splat
  %16 = add nsw <2 x i64> %wide.load68, %broadcast.splat
  store <2 x i64> %15, ptr %next.gep, align 32, !tbaa !9
  store <2 x i64> %16, ptr %14, align 16, !tbaa !9
  %index.next = add nuw i64 %index, 4
  %17 = icmp eq i64 %index.next, %n.vec
  br i1 %17, label %middle.block, label %vector.body, !llvm.loop !13

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %12, %n.vec
  br i1 %cmp.n, label %for.cond26.preheader, label %for.body23.preheader

for.cond26.preheader:                             ; preds = %for.body23, %middle.block
  %cmp2760 = icmp sgt i32 %6, 0
  br i1 %cmp2760, label %for.body30, label %if.end

for.body23:                                       ; preds = %for.body23.preheader, %for.body23
  %p.059 = phi ptr [ %incdec.ptr, %for.body23 ], [ %p.059.ph, %for.body23.preheader ]
  %18 = load i64, ptr %p.059, align 8, !tbaa !9
  %add25 = add nsw i64 %18, %conv24
  store i64 %add25, ptr %p.059, align 8, !tbaa !9
  %incdec.ptr = getelementptr inbounds i8, ptr %p.059, i64 8
  %cmp20 = icmp ult ptr %incdec.ptr, %add.ptr
  br i1 %cmp20, label %for.body23, label %for.cond26.preheader, !llvm.loop !17

for.body30:                                       ; preds = %for.cond26.preheader, %for.body30
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body30 ], [ 0, %for.cond26.preheader ]
  %add32 = add nuw nsw i64 %i.062, %indvars.iv
  %arrayidx34 = getelementptr inbounds [8 x i64], ptr @ring, i64 0, i64 %indvars.iv
  store i64 %add32, ptr %arrayidx34, align 8, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %idx.ext
  br i1 %exitcond.not, label %if.end, label %for.body30, !llvm.loop !18

if.end:                                           ; preds = %for.body30, %for.cond19.preheader, %for.cond26.preheader, %for.body
  %inc39 = add nuw nsw i64 %i.062, 1
  %exitcond65.not = icmp eq i64 %inc39, 100000
  br i1 %exitcond65.not, label %for.cond.cleanup, label %for.body, !llvm.loop !21
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #3

declare void @qsort(ptr noundef, i64 noundef, i64 noundef, ptr nocapture noundef) local_unnamed_addr #4

define internal i32 @cmp(ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %b) #5 {
entry:
  %0 = load i64, ptr %a, align 8, !tbaa !9
  %1 = load i64, ptr %b, align 8, !tbaa !9
  %cmp = icmp slt i64 %0, %1
  %cmp1 = icmp sgt i64 %0, %1
  %conv = zext i1 %cmp1 to i32
  %cond = select i1 %cmp, i32 -1, i32 %conv
  ret i32 %cond
}

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #2

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #2

declare i64 @llvm.vector.reduce.add.v16i64(<16 x i64>) #7

declare i64 @llvm.vector.reduce.add.v8i64(<8 x i64>) #7

declare i64 @llvm.umax.i64(i64, i64) #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !10, i64 0}
!12 = !{!"stat", !10, i64 0, !7, i64 8}
!13 = distinct !{!13, !14, !15, !16}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!"llvm.loop.isvectorized", i32 1}
!16 = !{!"llvm.loop.unroll.runtime.disable"}
!17 = distinct !{!17, !14, !16, !15}
!18 = distinct !{!18, !14, !19, !20}
!19 = !{!"llvm.loop.unroll.disable"}
!20 = !{!"llvm.loop.vectorize.width", i32 1}
!21 = distinct !{!21, !14}
