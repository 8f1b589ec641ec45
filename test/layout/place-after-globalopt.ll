; The layout changes where globals live, not how the optimizer sees them.
; At the full-LTO link (cacheline-layout<link>) the pass only marks each
; global's place: no section, no alignment, no llvm.compiler.used, whose
; hidden use would make every store through a pointer a possible write of
; it. GlobalOpt then splits and narrows the globals as it does without the
; pass, and cacheline-place (the pipeline's last extension point) places
; what is left: each piece of a write-hot global in its section, the first
; on a line boundary and the last grown to end on one; a narrowed flag in
; the read-mostly group; llvm.compiler.used only then, for GlobalMerge.
;
;   struct stats { long hits, misses; };
;   static struct stats st;   // both fields written in the worker's loop: write-hot, whole
;   static int verbose;       // set to 1 in main if argc > 1: read-mostly; GlobalOpt narrows it to i1
;   static long limit;        // set in main: read-mostly
;   static void *worker(void *a) {
;     for (long i = 0; i < limit; ++i) { st.hits += i; st.misses += verbose; }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     limit = argc * 1000;
;     if (argc > 1) verbose = 1;
;     pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0);
;     return (int)(st.hits + st.misses);
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>' -cacheline-layout-report=%t.json -S %s -o %t.marked.ll
; RUN: FileCheck %s --check-prefix=MARKED --input-file=%t.marked.ll --implicit-check-not=llvm.compiler.used --implicit-check-not=section
; MARKED:      @limit = internal global i64 0, align 8 #[[RM0:[0-9]+]]
; MARKED-NEXT: @verbose = internal global i32 0, align 4 #[[RM1:[0-9]+]]
; MARKED-NEXT: @st = internal global %struct.stats zeroinitializer, align 8 #[[WH:[0-9]+]]
; MARKED-DAG:  attributes #[[RM0]] = { "cacheline-place"="read-mostly-group,128,0" }
; MARKED-DAG:  attributes #[[RM1]] = { "cacheline-place"="read-mostly-group,128,1" }
; MARKED-DAG:  attributes #[[WH]] = { "cacheline-place"="write-hot,128,2" }
; The report says where they go.
; RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
; REPORT: "class":"write-hot","name":"st",{{.*}}"new_align":128,"new_section":".bss.write_hot","padded_size":128
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>,globalopt,cacheline-place,verify' -S %s -o %t.placed.ll
; RUN: FileCheck %s --check-prefix=PLACED --input-file=%t.placed.ll --implicit-check-not=cacheline-place
; PLACED:      @st.0 = internal unnamed_addr global i64 0, section ".bss.write_hot", align 8
; PLACED-NEXT: @st.1 = internal unnamed_addr global { i64, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; PLACED-NEXT: @limit = internal unnamed_addr global i64 0, section ".bss.read_mostly", align 8
; PLACED-NEXT: @verbose = internal unnamed_addr global i1 false, section ".bss.read_mostly", align 4
; PLACED-NEXT: @cacheline.read_mostly.bss.pad = private global [119 x i8] zeroinitializer, section ".bss.read_mostly", align 1
; PLACED-NEXT: @llvm.compiler.used = appending global [7 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.bss.read_mostly, ptr @st.0, ptr @st.1, ptr @limit, ptr @verbose, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"
;
; GlobalOpt makes the same pieces without the pass.
; RUN: %opt -passes=globalopt -S %s -o %t.plain.ll
; RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.plain.ll
; PLAIN:      @limit = internal unnamed_addr global i64 0, align 8
; PLAIN-NEXT: @verbose = internal unnamed_addr global i1 false, align 4
; PLAIN-NEXT: @st.0 = internal unnamed_addr global i64 0, align 8
; PLAIN-NEXT: @st.1 = internal unnamed_addr global i64 0, align 8
;
; Placing twice places once: the marks are gone.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-place' -S %t.placed.ll -o %t.again.ll
; RUN: sed 1d %t.placed.ll > %t.placed.body
; RUN: sed 1d %t.again.ll > %t.again.body
; RUN: diff %t.placed.body %t.again.body

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.stats = type { i64, i64 }

@limit = internal global i64 0, align 8
@verbose = internal global i32 0, align 4
@st = internal global %struct.stats zeroinitializer, align 8


define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) {
entry:
  %t = alloca i64, align 8
  %mul = mul nsw i32 %argc, 1000
  %conv = sext i32 %mul to i64
  store i64 %conv, ptr @limit, align 8
  %cmp = icmp sgt i32 %argc, 1
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  store i32 1, ptr @verbose, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %0 = load i64, ptr %t, align 8
  %call2 = call i32 @pthread_join(i64 noundef %0, ptr noundef null)
  %1 = load i64, ptr @st, align 8
  %2 = load i64, ptr getelementptr inbounds (i8, ptr @st, i64 8), align 8
  %add = add nsw i64 %1, %2
  %conv3 = trunc i64 %add to i32
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 %conv3
}


declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)


declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef)


define internal ptr @worker(ptr noundef %a) {
entry:
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %i.0 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %0 = load i64, ptr @limit, align 8
  %cmp = icmp slt i64 %i.0, %0
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i64, ptr @st, align 8
  %add = add nsw i64 %1, %i.0
  store i64 %add, ptr @st, align 8
  %2 = load i32, ptr @verbose, align 4
  %conv = sext i32 %2 to i64
  %3 = load i64, ptr getelementptr inbounds (i8, ptr @st, i64 8), align 8
  %add1 = add nsw i64 %3, %conv
  store i64 %add1, ptr getelementptr inbounds (i8, ptr @st, i64 8), align 8
  %inc = add nuw nsw i64 %i.0, 1
  br label %for.cond

for.end:                                          ; preds = %for.cond
  ret ptr null
}

declare i32 @pthread_join(i64 noundef, ptr noundef)


declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)


