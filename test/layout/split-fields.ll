; Field splitting (x86_64, line 128): an internal struct whose fields have
; different classes becomes one global per group of fields, each laid out
; by its class; every address computed from it is rebuilt in the group
; holding its field. IR of test/e2e/Inputs/split_fields.c (clang -O2):
;
;   static struct server srv;   // config read on every request, counters of
;                               // worker 0 (requests, bytes: one block) and
;                               // of worker 1 (evictions), zeroed by a
;                               // memset: split in three, the memset cut
;   static struct spinlock lk;  // lock word, spin count, backoff: three
;   static struct snapshot snap;// memcpy'd whole: refused
;   static struct tail tl;      // next_field(&tl.count) reads tl.flags:
;                               // split, with a copy of next_field for
;                               // each place it is handed (it names tl)
;   static struct pair pr;      // hits and misses in one vector store: in
;                               // one group, the bytes between them kept
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks=cacheline-layout -pass-remarks-missed=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=COPY --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
;
; The groups of written fields on lines of their own cost 132 bytes more
; than the struct's whole lines (lk), 144 (srv): over a limit of 100 both
; keep the whole-object layout; the copies of next_field add 6
; instructions: over a limit of 5, tl keeps it too.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=100 -cacheline-max-copied-instructions=5 -cacheline-layout-report=%t.limit.json -S %s -o %t.limit.ll
; RUN: FileCheck %s --check-prefix=LIMIT --input-file=%t.limit.json
;
; The facts carry each struct's fields (offset, size).
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json
;
; CHECK-DAG: @srv.write_hot = internal global { <{ i64, i64 }>, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @srv.write_hot.1 = internal global { <{ i64 }>, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @srv.read_mostly = internal global <{ i32, i32, i64 }> zeroinitializer, section ".bss.read_mostly", align 8
; CHECK-DAG: @lk.write_hot = internal global { <{ i32 }>, [124 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @lk.write_hot.1 = internal global { <{ i64 }>, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @lk.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 8
; CHECK-DAG: @snap = internal global { %struct.snapshot, [104 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @tl.write_hot = internal global { <{ i64, i64 }>, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @tl.read_mostly = internal global <{ i32, [4 x i8], i32 }> zeroinitializer, section ".bss.read_mostly", align 8
; CHECK-DAG: @pr.write_hot = internal unnamed_addr global { <{ i64, i64, [4 x i64] }>, [80 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-DAG: @pr.read_mostly = internal unnamed_addr global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 16
; CHECK-NOT: @srv =
; CHECK-NOT: @lk =
; CHECK-NOT: @tl =
; The memset over srv's written fields (what is left of the one over all
; of it) is cut at their bounds, each piece said to reach only its bytes;
; the start-up stores go to the read-mostly group.
; CHECK-LABEL: define dso_local noundef i32 @main(
; (The constant pieces are inbounds with LLVM 19; LLVM 16 folds them
; without it.)
; CHECK: call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(8) @srv.write_hot, i8 0, i64 8, i1 false)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(8) @srv.write_hot.1, i8 0, i64 8, i1 false)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(8) getelementptr {{(inbounds )?}}(i8, ptr @srv.write_hot, i64 8), i8 0, i64 8, i1 false)
; CHECK: store i32 %conv, ptr @srv.read_mostly, align 8
; CHECK: store i32 %add, ptr getelementptr inbounds (i8, ptr @srv.read_mostly, i64 4), align 4
; CHECK: store i32 4, ptr @lk.read_mostly, align 8
; The snapshot is copied whole, as it was.
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) @saved, ptr noundef nonnull align 8 dereferenceable(24) @snap, i64 24, i1 false)
; The workers' accesses, each in the group holding its field.
; CHECK-LABEL: define internal {{.*}} @worker(
; CHECK: load i32, ptr @srv.read_mostly, align 8
; CHECK: atomicrmw add ptr @srv.write_hot, i64 1 monotonic, align 8
; CHECK: atomicrmw add ptr getelementptr inbounds (i8, ptr @srv.write_hot, i64 8), i64 %{{.*}} monotonic, align 8
; CHECK: load <2 x i64>, ptr @pr.write_hot, align 16
; CHECK: store <2 x i64> %{{.*}}, ptr @pr.write_hot, align 16
; CHECK: atomicrmw add ptr @srv.write_hot.1, i64 1 monotonic, align 8
; CHECK: atomicrmw xchg ptr @lk.write_hot, i32 1 acquire, align 8
; CHECK: load i32, ptr @lk.read_mostly, align 8
; CHECK: atomicrmw add ptr @lk.write_hot.1, i64 1 monotonic, align 8
; Each call of next_field with a place in tl calls its copy for that place,
; whose load names tl's flags; the original stays as it was.
; COPY-LABEL: define internal {{.*}} @worker(
; COPY: call fastcc i32 @next_field.tl(ptr poison)
; COPY-NEXT: call fastcc i32 @"next_field.tl+16"(ptr poison)
; COPY-LABEL: define internal fastcc i32 @next_field(ptr {{.*}}%count)
; COPY-NEXT: entry:
; COPY-NEXT: %add.ptr = getelementptr inbounds i8, ptr %count, i64 8
; COPY-LABEL: define internal fastcc i32 @next_field.tl(ptr %count)
; COPY-NEXT: entry:
; COPY-NEXT: load atomic i32, ptr @tl.read_mostly monotonic, align 4
; COPY-LABEL: define internal fastcc i32 @"next_field.tl+16"(ptr %count)
; COPY-NEXT: entry:
; COPY-NEXT: load atomic i32, ptr getelementptr inbounds (i8, ptr @tl.read_mostly, i64 8) monotonic, align 4
;
; JSON-DAG: "name":"srv",{{.*}}"inner_layout":"fields split into 3 globals: write-hot {field 2 (+8), field 3 (+16)}; write-hot {field 4 (+24)}; read-mostly {field 0 (+0), field 1 (+4), field 5 (+32)}","fields":[{"class":"read-mostly","name":"field 0 (+0)","offset":0,"reason":"written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop","size":4},{{.*}}{"class":"write-hot","name":"field 4 (+24)","offset":24,"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop","size":8}{{.*}}"parts":[{"class":"write-hot","fields":["field 2 (+8)","field 3 (+16)"],"name":"srv.write_hot","new_section":".bss.write_hot","padded_size":128},{"class":"write-hot","fields":["field 4 (+24)"],"name":"srv.write_hot.1","new_section":".bss.write_hot","padded_size":128},{"class":"read-mostly","fields":["field 0 (+0)","field 1 (+4)","field 5 (+32)"],"name":"srv.read_mostly","new_section":".bss.read_mostly","padded_size":16}]}
; JSON-DAG: "name":"lk",{{.*}}"inner_layout":"fields split into 3 globals: write-hot {field 0 (+0)}; write-hot {field 1 (+8)}; read-mostly {field 2 (+16)}"
; JSON-DAG: "name":"snap",{{.*}}"inner_layout":"fields not split: reaches across fields: llvm.memcpy.p0.p0.i64() in main after threads may exist",{{.*}}"new_align":128,
; JSON-DAG: "name":"tl",{{.*}}"inner_layout":"fields split into 2 globals: write-hot {field 0 (+0), field 2 (+16)}; read-mostly {field 1 (+8), field 3 (+24)}; with copies of next_field (argument 0 at +0), next_field (argument 0 at +16) naming it (+6 instructions)",{{.*}}"copies":[{"arg":0,"function":"next_field","instructions":3,"name":"next_field.tl","offset":0},{"arg":0,"function":"next_field","instructions":3,"name":"next_field.tl+16","offset":16}]}
; REMARK-DAG: remark: <unknown>:0:0: write-hot global srv: fields split into 3 globals: write-hot {field 2 (+8), field 3 (+16)}; write-hot {field 4 (+24)}; read-mostly {field 0 (+0), field 1 (+4), field 5 (+32)}
; REMARK-DAG: remark: <unknown>:0:0: global snap: fields not split: reaches across fields: llvm.memcpy.p0.p0.i64() in main after threads may exist
; LIMIT-DAG: "name":"srv",{{.*}}"inner_layout":"fields not split: giving its 2 groups of written fields lines of their own would add about 144 bytes, over the limit of 100",{{.*}}"padded_size":128}
; LIMIT-DAG: "name":"tl",{{.*}}"inner_layout":"fields not split: reaches beyond its field: load in next_field (called repeatedly while threads run); copies of next_field (argument 0 at +0), next_field (argument 0 at +16) naming the global would add 6 instructions, over the limit of 5",{{.*}}"new_align":128,
; LIMIT-DAG: "name":"lk",{{.*}}"inner_layout":"fields not split: giving its 2 groups of written fields lines of their own would add about 132 bytes, over the limit of 100",{{.*}}"padded_size":128}
; FACTS-DAG: "fields":{{\[\[0,4\],\[4,4\],\[8,8\],\[16,8\],\[24,8\],\[32,8\]\]}},{{.*}}"name":"srv"
; FACTS-DAG: "fields":{{\[\[0,4\],\[8,8\],\[16,4\]\]}},{{.*}}"name":"lk"

; ModuleID = '/work/main/test/e2e/Inputs/split_fields.c'
source_filename = "/work/main/test/e2e/Inputs/split_fields.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.server = type { i32, i32, i64, i64, i64, i64 }
%struct.spinlock = type { i32, i64, i32 }
%struct.snapshot = type { i64, i64, i32 }
%struct.tail = type { i64, i32, i64, i32 }
%struct.pair = type { i64, i64, [4 x i64], i32 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@srv = internal global %struct.server zeroinitializer, align 8
@lk = internal global %struct.spinlock zeroinitializer, align 8
@snap = internal global %struct.snapshot zeroinitializer, align 8
@tl = internal global %struct.tail zeroinitializer, align 8
@pr = internal unnamed_addr global %struct.pair zeroinitializer, align 16
@stripes = internal global [4 x %union.pthread_mutex_t] zeroinitializer, align 16
@saved = internal unnamed_addr global %struct.snapshot zeroinitializer, align 8
@.str = private unnamed_addr constant [52 x i8] c"%ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %d %ld %ld\0A\00", align 1
@per_thread = internal unnamed_addr global [2 x i64] zeroinitializer, align 16
@.str.1 = private unnamed_addr constant [13 x i8] c"request %ld\0A\00", align 1

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  %r = alloca ptr, align 8
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(40) getelementptr inbounds (i8, ptr @srv, i64 8), i8 0, i64 24, i1 false)
  %cmp = icmp sgt i32 %argc, 4
  %conv = zext i1 %cmp to i32
  store i32 %conv, ptr @srv, align 8, !tbaa !5
  %add = add nsw i32 %argc, 64
  store i32 %add, ptr getelementptr inbounds (i8, ptr @srv, i64 4), align 4, !tbaa !11
  %mul = mul nsw i32 %argc, 1000
  %conv1 = sext i32 %mul to i64
  store i64 %conv1, ptr getelementptr inbounds (i8, ptr @srv, i64 32), align 8, !tbaa !12
  store i32 4, ptr getelementptr inbounds (i8, ptr @lk, i64 16), align 8, !tbaa !13
  store i32 %argc, ptr getelementptr inbounds (i8, ptr @snap, i64 16), align 8, !tbaa !15
  store i32 7, ptr getelementptr inbounds (i8, ptr @tl, i64 8), align 8, !tbaa !17
  store i32 %argc, ptr getelementptr inbounds (i8, ptr @tl, i64 24), align 8, !tbaa !19
  store i32 %argc, ptr getelementptr inbounds (i8, ptr @pr, i64 48), align 8, !tbaa !20
  %call = tail call i32 @pthread_mutex_init(ptr noundef nonnull @stripes, ptr noundef null) #8
  %call.1 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @stripes, i64 40), ptr noundef null) #8
  %call.2 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @stripes, i64 80), ptr noundef null) #8
  %call.3 = tail call i32 @pthread_mutex_init(ptr noundef nonnull getelementptr inbounds (i8, ptr @stripes, i64 120), ptr noundef null) #8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #8
  %call11 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #8
  %arrayidx10.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call11.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx10.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r) #8
  %0 = load i64, ptr %t, align 16, !tbaa !22
  %call23 = call i32 @pthread_join(i64 noundef %0, ptr noundef nonnull %r) #8
  %1 = load ptr, ptr %r, align 8, !tbaa !23
  %2 = ptrtoint ptr %1 to i64
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r) #8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r) #8
  %3 = load i64, ptr %arrayidx10.1, align 8, !tbaa !22
  %call23.1 = call i32 @pthread_join(i64 noundef %3, ptr noundef nonnull %r) #8
  %4 = load ptr, ptr %r, align 8, !tbaa !23
  %5 = ptrtoint ptr %4 to i64
  %add24.1 = add nsw i64 %2, %5
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) @saved, ptr noundef nonnull align 8 dereferenceable(24) @snap, i64 24, i1 false)
  %6 = load i64, ptr getelementptr inbounds (i8, ptr @srv, i64 32), align 8, !tbaa !12
  %7 = load i64, ptr getelementptr inbounds (i8, ptr @srv, i64 8), align 8, !tbaa !25
  %8 = load i64, ptr getelementptr inbounds (i8, ptr @srv, i64 16), align 8, !tbaa !26
  %9 = load i64, ptr getelementptr inbounds (i8, ptr @srv, i64 24), align 8, !tbaa !27
  %10 = load i64, ptr @saved, align 8, !tbaa !28
  %11 = load i64, ptr getelementptr inbounds (i8, ptr @saved, i64 8), align 8, !tbaa !29
  %add28 = add nsw i64 %11, %10
  %12 = load i64, ptr @tl, align 8, !tbaa !30
  %13 = load i64, ptr getelementptr inbounds (i8, ptr @tl, i64 16), align 8, !tbaa !31
  %14 = load i64, ptr @per_thread, align 16, !tbaa !22
  %15 = load i64, ptr getelementptr inbounds (i8, ptr @per_thread, i64 8), align 8, !tbaa !22
  %16 = load i64, ptr getelementptr inbounds (i8, ptr @lk, i64 8), align 8, !tbaa !32
  %cmp29 = icmp sgt i64 %16, -1
  %conv30 = zext i1 %cmp29 to i32
  %17 = load i64, ptr @pr, align 8, !tbaa !33
  %18 = load i64, ptr getelementptr inbounds (i8, ptr @pr, i64 8), align 8, !tbaa !34
  %19 = load i64, ptr getelementptr inbounds (i8, ptr @pr, i64 32), align 8, !tbaa !22
  %add31 = add nsw i64 %19, %18
  %call32 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %6, i64 noundef %7, i64 noundef %8, i64 noundef %9, i64 noundef %add28, i64 noundef %12, i64 noundef %13, i64 noundef %add24.1, i64 noundef %14, i64 noundef %15, i32 noundef %conv30, i64 noundef %17, i64 noundef %add31)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #8
  ret i32 0
}

declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #1

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #3

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal ptr @worker(ptr noundef %arg) #0 {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp4 = icmp eq ptr %arg, null
  %arrayidx38 = getelementptr inbounds [2 x i64], ptr @per_thread, i64 0, i64 %0
  br label %for.body

for.cond.cleanup:                                 ; preds = %if.end47
  %1 = inttoptr i64 %seen.1 to ptr
  ret ptr %1

for.body:                                         ; preds = %entry, %if.end47
  %seen.063 = phi i64 [ 0, %entry ], [ %seen.1, %if.end47 ]
  %i.062 = phi i64 [ 0, %entry ], [ %inc48, %if.end47 ]
  %2 = load i32, ptr @srv, align 8, !tbaa !5
  %cmp1 = icmp sgt i32 %2, 3
  br i1 %cmp1, label %if.then, label %lor.lhs.false

lor.lhs.false:                                    ; preds = %for.body
  %3 = load i32, ptr getelementptr inbounds (i8, ptr @srv, i64 4), align 4, !tbaa !11
  %4 = trunc i64 %i.062 to i32
  %conv = and i32 %4, 3
  %cmp2 = icmp slt i32 %3, %conv
  br i1 %cmp2, label %if.then, label %if.end

if.then:                                          ; preds = %lor.lhs.false, %for.body
  %call = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i64 noundef %i.062)
  br label %if.end

if.end:                                           ; preds = %if.then, %lor.lhs.false
  br i1 %cmp4, label %if.then6, label %if.else

if.then6:                                         ; preds = %if.end
  %5 = atomicrmw add ptr getelementptr inbounds (i8, ptr @srv, i64 8), i64 1 monotonic, align 8
  %and8 = and i64 %i.062, 63
  %6 = atomicrmw add ptr getelementptr inbounds (i8, ptr @srv, i64 16), i64 %and8 monotonic, align 8
  %7 = atomicrmw add ptr @snap, i64 1 monotonic, align 8
  %8 = atomicrmw add ptr @tl, i64 1 monotonic, align 8
  %9 = atomicrmw add ptr getelementptr inbounds (i8, ptr @tl, i64 16), i64 2 monotonic, align 8
  %and16 = and i64 %i.062, 1
  %10 = load <2 x i64>, ptr @pr, align 16, !tbaa !22
  %11 = insertelement <2 x i64> <i64 1, i64 poison>, i64 %and16, i64 1
  %12 = add nsw <2 x i64> %10, %11
  store <2 x i64> %12, ptr @pr, align 16, !tbaa !22
  %and18 = and i64 %i.062, 3
  %arrayidx = getelementptr inbounds [4 x i64], ptr getelementptr inbounds (i8, ptr @pr, i64 16), i64 0, i64 %and18
  %13 = load i64, ptr %arrayidx, align 8, !tbaa !22
  %inc = add nsw i64 %13, 1
  store i64 %inc, ptr %arrayidx, align 8, !tbaa !22
  br label %if.end33

if.else:                                          ; preds = %if.end
  %14 = atomicrmw add ptr getelementptr inbounds (i8, ptr @srv, i64 24), i64 1 monotonic, align 8
  %15 = atomicrmw add ptr getelementptr inbounds (i8, ptr @snap, i64 8), i64 1 monotonic, align 8
  %call23 = tail call fastcc i32 @next_field(ptr noundef nonnull @tl)
  %call24 = tail call fastcc i32 @next_field(ptr noundef nonnull getelementptr inbounds (i8, ptr @tl, i64 16))
  %add25 = add nsw i32 %call24, %call23
  %16 = load i32, ptr getelementptr inbounds (i8, ptr @snap, i64 16), align 8, !tbaa !15
  %cmp26 = icmp sgt i32 %16, 0
  %conv27 = zext i1 %cmp26 to i32
  %add28 = add nsw i32 %add25, %conv27
  %conv29 = sext i32 %add28 to i64
  %17 = load i32, ptr getelementptr inbounds (i8, ptr @pr, i64 48), align 16, !tbaa !20
  %conv31 = sext i32 %17 to i64
  %add30 = add i64 %seen.063, %conv31
  %add32 = add i64 %add30, %conv29
  br label %if.end33

if.end33:                                         ; preds = %if.else, %if.then6
  %seen.1 = phi i64 [ %seen.063, %if.then6 ], [ %add32, %if.else ]
  %add34 = add i64 %i.062, %0
  %rem = and i64 %add34, 3
  %arrayidx36 = getelementptr inbounds [4 x %union.pthread_mutex_t], ptr @stripes, i64 0, i64 %rem
  %call37 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull %arrayidx36) #8
  %18 = load i64, ptr %arrayidx38, align 8, !tbaa !22
  %inc39 = add nsw i64 %18, 1
  store i64 %inc39, ptr %arrayidx38, align 8, !tbaa !22
  %call42 = tail call i32 @pthread_mutex_unlock(ptr noundef nonnull %arrayidx36) #8
  %and43 = and i64 %i.062, 255
  %cmp44 = icmp eq i64 %and43, 0
  br i1 %cmp44, label %if.then46, label %if.end47

if.then46:                                        ; preds = %if.end33
  %19 = atomicrmw xchg ptr @lk, i32 1 acquire, align 8
  %tobool.not8.i = icmp eq i32 %19, 0
  br i1 %tobool.not8.i, label %lock.exit, label %for.cond.preheader.i

while.cond.loopexit.i.loopexit.unr-lcssa:         ; preds = %for.body.i, %for.body.i.preheader
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0
  br i1 %lcmp.mod.not, label %while.cond.loopexit.i, label %for.body.i.epil

for.body.i.epil:                                  ; preds = %while.cond.loopexit.i.loopexit.unr-lcssa, %for.body.i.epil
  %epil.iter = phi i32 [ %epil.iter.next, %for.body.i.epil ], [ 0, %while.cond.loopexit.i.loopexit.unr-lcssa ]
  %20 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %epil.iter.next = add i32 %epil.iter, 1
  %epil.iter.cmp.not = icmp eq i32 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp.not, label %while.cond.loopexit.i, label %for.body.i.epil, !llvm.loop !35

while.cond.loopexit.i:                            ; preds = %while.cond.loopexit.i.loopexit.unr-lcssa, %for.body.i.epil, %for.cond.preheader.i
  %21 = atomicrmw xchg ptr @lk, i32 1 acquire, align 8
  %tobool.not.i = icmp eq i32 %21, 0
  br i1 %tobool.not.i, label %lock.exit, label %for.cond.preheader.i, !llvm.loop !37

for.cond.preheader.i:                             ; preds = %if.then46, %while.cond.loopexit.i
  %22 = load i32, ptr getelementptr inbounds (i8, ptr @lk, i64 16), align 8, !tbaa !13
  %cmp6.i = icmp sgt i32 %22, 0
  br i1 %cmp6.i, label %for.body.i.preheader, label %while.cond.loopexit.i

for.body.i.preheader:                             ; preds = %for.cond.preheader.i
  %xtraiter = and i32 %22, 7
  %23 = icmp ult i32 %22, 8
  br i1 %23, label %while.cond.loopexit.i.loopexit.unr-lcssa, label %for.body.i.preheader.new

for.body.i.preheader.new:                         ; preds = %for.body.i.preheader
  %unroll_iter = and i32 %22, 2147483640
  br label %for.body.i

for.body.i:                                       ; preds = %for.body.i, %for.body.i.preheader.new
  %niter = phi i32 [ 0, %for.body.i.preheader.new ], [ %niter.next.7, %for.body.i ]
  %24 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %25 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %26 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %27 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %28 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %29 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %30 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %31 = atomicrmw add ptr getelementptr inbounds (i8, ptr @lk, i64 8), i64 1 monotonic, align 8
  %niter.next.7 = add i32 %niter, 8
  %niter.ncmp.7 = icmp eq i32 %niter.next.7, %unroll_iter
  br i1 %niter.ncmp.7, label %while.cond.loopexit.i.loopexit.unr-lcssa, label %for.body.i, !llvm.loop !39

lock.exit:                                        ; preds = %while.cond.loopexit.i, %if.then46
  store atomic i32 0, ptr @lk release, align 8
  br label %if.end47

if.end47:                                         ; preds = %lock.exit, %if.end33
  %inc48 = add nuw nsw i64 %i.062, 1
  %exitcond.not = icmp eq i64 %inc48, 200000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !40
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #5

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

define internal fastcc i32 @next_field(ptr nocapture noundef readonly %count) unnamed_addr #7 {
entry:
  %add.ptr = getelementptr inbounds i8, ptr %count, i64 8
  %0 = load atomic i32, ptr %add.ptr monotonic, align 4
  ret i32 %0
}

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #3

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #3

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"server", !7, i64 0, !7, i64 4, !10, i64 8, !10, i64 16, !10, i64 24, !10, i64 32}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!"long", !8, i64 0}
!11 = !{!6, !7, i64 4}
!12 = !{!6, !10, i64 32}
!13 = !{!14, !7, i64 16}
!14 = !{!"spinlock", !7, i64 0, !10, i64 8, !7, i64 16}
!15 = !{!16, !7, i64 16}
!16 = !{!"snapshot", !10, i64 0, !10, i64 8, !7, i64 16}
!17 = !{!18, !7, i64 8}
!18 = !{!"tail", !10, i64 0, !7, i64 8, !10, i64 16, !7, i64 24}
!19 = !{!18, !7, i64 24}
!20 = !{!21, !7, i64 48}
!21 = !{!"pair", !10, i64 0, !10, i64 8, !8, i64 16, !7, i64 48}
!22 = !{!10, !10, i64 0}
!23 = !{!24, !24, i64 0}
!24 = !{!"any pointer", !8, i64 0}
!25 = !{!6, !10, i64 8}
!26 = !{!6, !10, i64 16}
!27 = !{!6, !10, i64 24}
!28 = !{!16, !10, i64 0}
!29 = !{!16, !10, i64 8}
!30 = !{!18, !10, i64 0}
!31 = !{!18, !10, i64 16}
!32 = !{!14, !10, i64 8}
!33 = !{!21, !10, i64 0}
!34 = !{!21, !10, i64 8}
!35 = distinct !{!35, !36}
!36 = !{!"llvm.loop.unroll.disable"}
!37 = distinct !{!37, !38}
!38 = !{!"llvm.loop.mustprogress"}
!39 = distinct !{!39, !38}
!40 = distinct !{!40, !38}
