; A lock routine shared by several instances of a struct (the shape of
; MariaDB's MDEV-5081): a lock word, a spin count set at init and a random
; state advanced in the spin loop. fast_mutex_init and fast_mutex_lock
; reach the fields through their parameter, so only a copy of each that
; names the instance lets the instance be split by field class: each of
; m_a and m_b gets its own copies (the calls handing it point at them, the
; parameter passed as poison), whose accesses the split rewrites; the lock
; word ends up alone on its lines. m_c is locked through a function
; pointer, which no copy replaces: it stays whole, and the refusal says
; so. Over the limit on the instructions copied, m_a and m_b stay whole
; too, the refusal naming the functions; in report mode nothing is copied;
; the two-stage flow (facts, merge, apply) makes the same copies.
; IR of this (clang -O2 -S -emit-llvm, trimmed):
;
; #include <pthread.h>
; #include <stdio.h>
;
; struct fast_mutex {
;   pthread_mutex_t lock; /* the lock word: every locker */
;   unsigned spins;       /* set at init, read in the spin loop */
;   unsigned rng;         /* advanced on every spin */
; };
;
; static struct fast_mutex m_a, m_b; /* locked by direct calls: copies */
; static struct fast_mutex m_c;      /* locked through a pointer: refused */
; static long count_a, count_b, count_c;
;
; __attribute__((noinline)) static void fast_mutex_init(struct fast_mutex *m,
;                                                       unsigned spins) {
;   pthread_mutex_init(&m->lock, 0);
;   m->spins = spins;
;   m->rng = 1;
; }
;
; __attribute__((noinline)) static void fast_mutex_lock(struct fast_mutex *m) {
;   for (unsigned i = 0; i < m->spins; i++) {
;     if (pthread_mutex_trylock(&m->lock) == 0)
;       return;
;     m->rng = m->rng * 1103515245u + 12345u;
;   }
;   pthread_mutex_lock(&m->lock);
; }
;
; __attribute__((noinline)) static void fast_mutex_unlock(struct fast_mutex *m) {
;   pthread_mutex_unlock(&m->lock);
; }
;
; static void (*volatile lock_c)(struct fast_mutex *) = fast_mutex_lock;
;
; static void *worker(void *arg) {
;   for (long i = 0; i < (long)arg; i++) {
;     fast_mutex_lock(&m_a);
;     count_a++;
;     fast_mutex_unlock(&m_a);
;     fast_mutex_lock(&m_b);
;     count_b += 2;
;     fast_mutex_unlock(&m_b);
;     lock_c(&m_c);
;     count_c += 3;
;     fast_mutex_unlock(&m_c);
;   }
;   return 0;
; }
;
; int main(void) {
;   fast_mutex_init(&m_a, 50);
;   fast_mutex_init(&m_b, 100);
;   fast_mutex_init(&m_c, 10);
;   pthread_t t[2];
;   for (int i = 0; i < 2; i++)
;     pthread_create(&t[i], 0, worker, (void *)100000L);
;   for (int i = 0; i < 2; i++)
;     pthread_join(t[i], 0);
;   printf("%ld %ld %ld\n", count_a, count_b, count_c);
;   return 0;
; }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks=cacheline-layout -pass-remarks-missed=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
;
; CHECK-DAG: @m_a.write_hot = internal global { <{ %union.pthread_mutex_t }>, [88 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @m_a.write_hot.1 = internal global { <{ i32 }>, [124 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @m_a.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 8
; CHECK-DAG: @m_b.write_hot = internal global { <{ %union.pthread_mutex_t }>, [88 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @m_b.write_hot.1 = internal global { <{ i32 }>, [124 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-DAG: @m_b.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 8
; CHECK-DAG: @m_c = internal global { %struct.fast_mutex, [80 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-NOT: @m_a =
; CHECK-NOT: @m_b =
; The calls handing m_a or m_b call their copies; m_c's do not.
; CHECK-LABEL: define dso_local noundef i32 @main()
; CHECK-NEXT: alloca
; CHECK-NEXT: tail call fastcc void @fast_mutex_init.m_a(ptr poison, i32 noundef 50)
; CHECK-NEXT: tail call fastcc void @fast_mutex_init.m_b(ptr poison, i32 noundef 100)
; CHECK-NEXT: tail call fastcc void @fast_mutex_init(ptr noundef nonnull @m_c, i32 noundef 10)
; CHECK-LABEL: define internal fastcc void @fast_mutex_init(ptr noundef %0, i32 noundef %1)
; CHECK-NEXT: call i32 @pthread_mutex_init(ptr noundef %0, ptr noundef null)
; CHECK-LABEL: define internal noundef ptr @worker(
; CHECK: tail call void @fast_mutex_lock.m_a(ptr poison)
; CHECK: tail call fastcc void @fast_mutex_unlock(ptr noundef nonnull @m_a.write_hot)
; CHECK: tail call void @fast_mutex_lock.m_b(ptr poison)
; CHECK: tail call fastcc void @fast_mutex_unlock(ptr noundef nonnull @m_b.write_hot)
; CHECK: tail call void %{{[0-9]+}}(ptr noundef nonnull @m_c)
; The original stays, for lock_c and m_c.
; CHECK-LABEL: define internal void @fast_mutex_lock(ptr noundef %0)
; CHECK-NEXT: getelementptr inbounds i8, ptr %0, i64 40
; Each copy names its instance's groups: the spin count in the read-mostly
; group, the random state in a write-hot group of its own, the lock word in
; another.
; CHECK-LABEL: define internal void @fast_mutex_lock.m_a(ptr %0) unnamed_addr
; CHECK-NEXT: load i32, ptr @m_a.read_mostly, align 8
; CHECK: call i32 @pthread_mutex_trylock(ptr noundef nonnull @m_a.write_hot)
; CHECK: load i32, ptr @m_a.write_hot.1, align 4
; CHECK: store i32 %{{[0-9]+}}, ptr @m_a.write_hot.1, align 4
; CHECK: load i32, ptr @m_a.read_mostly, align 8
; CHECK: call i32 @pthread_mutex_lock(ptr noundef nonnull @m_a.write_hot)
; CHECK-LABEL: define internal fastcc void @fast_mutex_init.m_a(ptr %0, i32 noundef %1) unnamed_addr
; CHECK-NEXT: call i32 @pthread_mutex_init(ptr noundef @m_a.write_hot, ptr noundef null)
; CHECK-NEXT: store i32 %1, ptr @m_a.read_mostly, align 8
; CHECK-NEXT: store i32 1, ptr @m_a.write_hot.1, align 4
; CHECK-LABEL: define internal void @fast_mutex_lock.m_b(ptr %0) unnamed_addr
; CHECK: call i32 @pthread_mutex_trylock(ptr noundef nonnull @m_b.write_hot)
; CHECK: store i32 %{{[0-9]+}}, ptr @m_b.write_hot.1, align 4
; CHECK-LABEL: define internal fastcc void @fast_mutex_init.m_b(ptr %0, i32 noundef %1) unnamed_addr
; CHECK-NEXT: call i32 @pthread_mutex_init(ptr noundef @m_b.write_hot, ptr noundef null)
;
; JSON-DAG: "name":"m_a",{{.*}}"inner_layout":"fields split into 3 globals: write-hot {field 0 (+0)}; write-hot {field 2 (+44)}; read-mostly {field 1 (+40)}; with copies of fast_mutex_lock, fast_mutex_init naming it (+27 instructions)",{{.*}}"copies":[{"arg":0,"function":"fast_mutex_lock","instructions":21,"name":"fast_mutex_lock.m_a","offset":0},{"arg":0,"function":"fast_mutex_init","instructions":6,"name":"fast_mutex_init.m_a","offset":0}]}
; JSON-DAG: "name":"m_b",{{.*}}"copies":[{"arg":0,"function":"fast_mutex_lock","instructions":21,"name":"fast_mutex_lock.m_b","offset":0},{"arg":0,"function":"fast_mutex_init","instructions":6,"name":"fast_mutex_init.m_b","offset":0}]}
; JSON-DAG: "name":"m_c",{{.*}}"inner_layout":"fields not split: reaches beyond its field: store in fast_mutex_lock (called repeatedly while threads run) in a loop, handed on by an indirect call in worker: no copy of a function names the global there",
; REMARK-DAG: remark: <unknown>:0:0: copied fast_mutex_lock as fast_mutex_lock.m_a (21 instructions) for global m_a: its accesses through argument 0 name the global
; REMARK-DAG: remark: <unknown>:0:0: copied fast_mutex_init as fast_mutex_init.m_b (6 instructions) for global m_b: its accesses through argument 0 name the global
; REMARK-DAG: remark: <unknown>:0:0: global m_c: fields not split: reaches beyond its field: store in fast_mutex_lock {{.*}}, handed on by an indirect call in worker
;
; Over the limit: no copy, every instance whole, the refusal naming the
; functions and what copying them would add.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-copied-instructions=20 -cacheline-layout-report=%t.cap.json -S %s -o %t.cap.ll
; RUN: FileCheck %s --check-prefix=CAP --input-file=%t.cap.json
; RUN: FileCheck %s --check-prefix=CAP-IR --input-file=%t.cap.ll
; CAP: "name":"m_a",{{.*}}"inner_layout":"fields not split: reaches beyond its field: store in fast_mutex_lock (called repeatedly while threads run) in a loop; copies of fast_mutex_lock, fast_mutex_init naming the global would add 27 instructions, over the limit of 20",
; CAP-NOT: "copies"
; CAP-IR: @m_a = internal global { %struct.fast_mutex, [80 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CAP-IR-NOT: .m_a(
;
; Report mode: the copies are made to check the split, and undone.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-mode=report -cacheline-layout-report=%t.report.json -S %s -o %t.report.ll
; RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.report.json
; RUN: FileCheck %s --check-prefix=REPORT-IR --input-file=%t.report.ll
; REPORT: "name":"m_a",{{.*}}"inner_layout":"fields split into 3 globals: {{.*}}; with copies of fast_mutex_lock, fast_mutex_init naming it (+27 instructions)",{{.*}}"copies":[{"arg":0,"function":"fast_mutex_lock","instructions":21,"offset":0},{"arg":0,"function":"fast_mutex_init","instructions":6,"offset":0}]}
; REPORT-IR: @m_a = internal global %struct.fast_mutex zeroinitializer, align 8
; REPORT-IR-NOT: @fast_mutex_lock.m_a
; REPORT-IR-NOT: @fast_mutex_init.m_a
;
; The facts give each function's instructions; the two-stage flow carries
; the copies in the layout file and the compile makes them: the same IR.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json
; FACTS: "name":"fast_mutex_lock","nargs":1,"ninst":21,
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout 2>/dev/null
; RUN: FileCheck %s --check-prefix=FILE --input-file=%t.layout
; FILE: "class":"write-hot","copies":[{"arg":0,"function":"fast_mutex_lock","instructions":21,"offset":0},{"arg":0,"function":"fast_mutex_init","instructions":6,"offset":0}],{{.*}}"name":"m_a",
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t.layout -S %s -o %t.two-stage.ll
; RUN: diff %t.ll %t.two-stage.ll

source_filename = "copy_lock.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.fast_mutex = type { %union.pthread_mutex_t, i32, i32 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@m_a = internal global %struct.fast_mutex zeroinitializer, align 8
@m_b = internal global %struct.fast_mutex zeroinitializer, align 8
@m_c = internal global %struct.fast_mutex zeroinitializer, align 8
@.str = private unnamed_addr constant [13 x i8] c"%ld %ld %ld\0A\00", align 1
@count_a = internal unnamed_addr global i64 0, align 8
@count_b = internal unnamed_addr global i64 0, align 8
@count_c = internal unnamed_addr global i64 0, align 8
@lock_c = internal global ptr @fast_mutex_lock, align 8

define dso_local noundef i32 @main() local_unnamed_addr #0 {
  %1 = alloca [2 x i64], align 16
  tail call fastcc void @fast_mutex_init(ptr noundef nonnull @m_a, i32 noundef 50)
  tail call fastcc void @fast_mutex_init(ptr noundef nonnull @m_b, i32 noundef 100)
  tail call fastcc void @fast_mutex_init(ptr noundef nonnull @m_c, i32 noundef 10)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %1) #6
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 100000 to ptr)) #6
  %3 = getelementptr inbounds i8, ptr %1, i64 8
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 100000 to ptr)) #6
  %5 = load i64, ptr %1, align 16
  %6 = call i32 @pthread_join(i64 noundef %5, ptr noundef null) #6
  %7 = load i64, ptr %3, align 8
  %8 = call i32 @pthread_join(i64 noundef %7, ptr noundef null) #6
  %9 = load i64, ptr @count_a, align 8
  %10 = load i64, ptr @count_b, align 8
  %11 = load i64, ptr @count_c, align 8
  %12 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %9, i64 noundef %10, i64 noundef %11)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %1) #6
  ret i32 0
}

define internal fastcc void @fast_mutex_init(ptr noundef %0, i32 noundef %1) unnamed_addr #1 {
  %3 = tail call i32 @pthread_mutex_init(ptr noundef %0, ptr noundef null) #6
  %4 = getelementptr inbounds i8, ptr %0, i64 40
  store i32 %1, ptr %4, align 8
  %5 = getelementptr inbounds i8, ptr %0, i64 44
  store i32 1, ptr %5, align 4
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal noundef ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  %3 = icmp sgt ptr %0, null
  br i1 %3, label %5, label %4

4:                                                ; preds = %5, %1
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i64 [ %14, %5 ], [ 0, %1 ]
  tail call void @fast_mutex_lock(ptr noundef nonnull @m_a)
  %7 = load i64, ptr @count_a, align 8
  %8 = add nsw i64 %7, 1
  store i64 %8, ptr @count_a, align 8
  tail call fastcc void @fast_mutex_unlock(ptr noundef nonnull @m_a)
  tail call void @fast_mutex_lock(ptr noundef nonnull @m_b)
  %9 = load i64, ptr @count_b, align 8
  %10 = add nsw i64 %9, 2
  store i64 %10, ptr @count_b, align 8
  tail call fastcc void @fast_mutex_unlock(ptr noundef nonnull @m_b)
  %11 = load volatile ptr, ptr @lock_c, align 8
  tail call void %11(ptr noundef nonnull @m_c) #6
  %12 = load i64, ptr @count_c, align 8
  %13 = add nsw i64 %12, 3
  store i64 %13, ptr @count_c, align 8
  tail call fastcc void @fast_mutex_unlock(ptr noundef nonnull @m_c)
  %14 = add nuw nsw i64 %6, 1
  %15 = icmp eq i64 %14, %2
  br i1 %15, label %4, label %5
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #3

define internal void @fast_mutex_lock(ptr noundef %0) #1 {
  %2 = getelementptr inbounds i8, ptr %0, i64 40
  %3 = load i32, ptr %2, align 8
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %18, label %5

5:                                                ; preds = %1
  %6 = getelementptr inbounds i8, ptr %0, i64 44
  br label %7

7:                                                ; preds = %5, %11
  %8 = phi i32 [ 0, %5 ], [ %15, %11 ]
  %9 = tail call i32 @pthread_mutex_trylock(ptr noundef nonnull %0) #6
  %10 = icmp eq i32 %9, 0
  br i1 %10, label %20, label %11

11:                                               ; preds = %7
  %12 = load i32, ptr %6, align 4
  %13 = mul i32 %12, 1103515245
  %14 = add i32 %13, 12345
  store i32 %14, ptr %6, align 4
  %15 = add nuw i32 %8, 1
  %16 = load i32, ptr %2, align 8
  %17 = icmp ult i32 %15, %16
  br i1 %17, label %7, label %18

18:                                               ; preds = %11, %1
  %19 = tail call i32 @pthread_mutex_lock(ptr noundef nonnull %0) #6
  br label %20

20:                                               ; preds = %7, %18
  ret void
}

define internal fastcc void @fast_mutex_unlock(ptr noundef %0) unnamed_addr #1 {
  %2 = tail call i32 @pthread_mutex_unlock(ptr noundef %0) #6
  ret void
}

declare i32 @pthread_mutex_trylock(ptr noundef) local_unnamed_addr #3

declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #3

declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #3

attributes #0 = { nounwind uwtable }
attributes #1 = { noinline nounwind uwtable }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }
attributes #4 = { nounwind }
attributes #5 = { nofree nounwind }
attributes #6 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
