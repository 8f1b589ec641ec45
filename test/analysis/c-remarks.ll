; Optimization remarks (-pass-remarks-analysis=cacheline-layout): one
; "remark: <loc>: global NAME is CLASS: REASON" line per defined global,
; whatever its class, located at the access the decision rests on (the hot
; store, the start-up write, the run-time write, ...). Declarations
; get no remark.
;   @hits      write-hot    store in worker's busy loop       remarks.c:8:12
;   @verbose   read-mostly  store in main before the thread   remarks.c:14:11
;   @mode      read-mostly  store in main after the thread    remarks.c:16:8
;   @cfg       skipped      address passed to unknown code    (no deciding access: first write, remarks.c:13:7)
;   @ext       declaration: no remark
;
;   extern int ext;
;   static long hits; static int verbose, mode, cfg;
;   extern void register_config(int *);
;   static void *worker(void *a) { long n = 0;
;     for (int i = 0; i < 1000; ++i) { ++hits; n += verbose + mode + cfg + ext; } return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; cfg = 1; register_config(&cfg); verbose = argc;
;     pthread_create(&t, 0, worker, 0); mode = 2; pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk --implicit-check-not="global ext"
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -disable-output %s

; REMARK-DAG: remark: remarks.c:8:12: global hits is write-hot: written while threads run: store in worker (thread entry) in a loop{{$}}
; REMARK-DAG: remark: remarks.c:14:11: global verbose is read-mostly: written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop{{$}}
; REMARK-DAG: remark: remarks.c:16:8: global mode is read-mostly: written only rarely while threads run (store in main after threads may exist); read by load in worker (thread entry) in a loop{{$}}
; REMARK-DAG: remark: remarks.c:13:7: global cfg is skipped: address escapes: address passed to unknown function register_config in main{{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ext = external global i32, align 4
@hits = internal global i64 0, align 8
@verbose = internal global i32 0, align 4
@mode = internal global i32 0, align 4
@cfg = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) !dbg !10 {
entry:
  br label %loop, !dbg !20

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %h = load i64, ptr @hits, align 8, !dbg !21
  %h1 = add nsw i64 %h, 1, !dbg !21
  store i64 %h1, ptr @hits, align 8, !dbg !21
  %v = load i32, ptr @verbose, align 4, !dbg !22
  %m = load i32, ptr @mode, align 4, !dbg !22
  %c = load i32, ptr @cfg, align 4, !dbg !22
  %e = load i32, ptr @ext, align 4, !dbg !22
  %s1 = add i32 %v, %m, !dbg !22
  %s2 = add i32 %s1, %c, !dbg !22
  %s3 = add i32 %s2, %e, !dbg !22
  %s64 = sext i32 %s3 to i64, !dbg !22
  %n.next = add i64 %n, %s64, !dbg !22
  %i.next = add nuw nsw i32 %i, 1, !dbg !20
  %done = icmp eq i32 %i.next, 1000, !dbg !20
  br i1 %done, label %exit, label %loop, !dbg !20

exit:
  %r = inttoptr i64 %n.next to ptr, !dbg !23
  ret ptr %r, !dbg !23
}

define i32 @main(i32 %argc, ptr %argv) !dbg !30 {
entry:
  %t = alloca i64, align 8
  store i32 1, ptr @cfg, align 4, !dbg !31
  call void @register_config(ptr @cfg), !dbg !32
  store i32 %argc, ptr @verbose, align 4, !dbg !33
  %cr = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null), !dbg !34
  store i32 2, ptr @mode, align 4, !dbg !35
  %tid = load i64, ptr %t, align 8, !dbg !36
  %j = call i32 @pthread_join(i64 %tid, ptr null), !dbg !36
  ret i32 0, !dbg !37
}

declare void @register_config(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "remarks.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "worker", scope: !1, file: !1, line: 6, type: !5, scopeLine: 6, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!20 = !DILocation(line: 7, column: 3, scope: !10)
!21 = !DILocation(line: 8, column: 12, scope: !10)
!22 = !DILocation(line: 9, column: 7, scope: !10)
!23 = !DILocation(line: 10, column: 3, scope: !10)
!30 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 12, type: !5, scopeLine: 12, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 13, column: 7, scope: !30)
!32 = !DILocation(line: 13, column: 16, scope: !30)
!33 = !DILocation(line: 14, column: 11, scope: !30)
!34 = !DILocation(line: 15, column: 3, scope: !30)
!35 = !DILocation(line: 16, column: 8, scope: !30)
!36 = !DILocation(line: 17, column: 3, scope: !30)
!37 = !DILocation(line: 18, column: 1, scope: !30)
